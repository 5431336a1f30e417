"use client";
// Which conditions this catalog cannot build yet, and what to add: shown on the
// atoms tab (as soon as the catalog says so) and on the histories tab.
import { conditionGuidance, type TGuidanceAtom } from "@/lib/contract";

export function ConditionGuidance({ atoms, overrides }: { atoms: readonly TGuidanceAtom[]; overrides?: readonly { replaces: string; by: readonly string[] }[] }) {
  const guidance = conditionGuidance(atoms, overrides);
  if (guidance.length === 0) return null;
  return (
    <div className="panel" role="note" aria-label="Conditions that cannot be built" data-testid="condition-guidance">
      <strong>Conditions this catalog cannot build yet</strong>
      <ul style={{ margin: "4px 0" }}>
        {guidance.map((g) => (
          <li key={g.condition}><span className="mono">{g.condition}</span>: {g.message}</li>
        ))}
      </ul>
    </div>
  );
}
