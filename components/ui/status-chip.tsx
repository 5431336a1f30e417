type TTone = "pass" | "fail" | "pending" | "none";

const TONES: Record<string, TTone> = {
  pass: "pass", passed: "pass", accepted: "pass", done: "pass",
  fail: "fail", failed: "fail", rejected: "fail", stale: "fail",
  pending: "pending", proposed: "pending", queued: "pending", running: "pending",
};

/**
 * A status word in a coloured chip: pass/accepted green, fail/rejected/stale red,
 * pending/queued/running amber. `tone` colours any other word; `label` shows other text.
 */
export function StatusChip({ status, tone, label, testId, title }: { status: string; tone?: TTone; label?: string; testId?: string; title?: string }) {
  const shade = tone ?? TONES[status] ?? "none";
  return (
    <span className={shade === "none" ? "chip" : `chip status-${shade}`} data-testid={testId} data-status={status} title={title}>
      {label ?? status}
    </span>
  );
}
