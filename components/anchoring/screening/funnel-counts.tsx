import styles from "../anchoring.module.css";
import type { FunnelStep } from "../types";

/** found → merged → non-bot → source+tests → not generated-dominated → size ok → admitted. */
export function FunnelCounts({ steps }: { steps: FunnelStep[] }) {
  return (
    <ol className={styles.funnel} aria-label="Funnel" style={{ listStyle: "none", padding: 0 }}>
      {steps.map((step) => (
        <li key={step.step} className={styles.funnelStep} data-step={step.step} data-testid={`funnel-${step.step}`}>
          <strong>{step.count}</strong>
          <span>{step.label}</span>
        </li>
      ))}
    </ol>
  );
}
