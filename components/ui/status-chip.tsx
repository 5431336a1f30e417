"use client";

/** A status word in a coloured chip: pass/accepted green, fail/rejected/stale red, pending/queued/running amber. */
export function StatusChip({ status, testId }: { status: string; testId?: string }) {
  const tone = status === "pass" || status === "accepted" || status === "passed" ? "status-pass"
    : status === "fail" || status === "rejected" || status === "failed" || status === "stale" ? "status-fail"
    : status === "pending" || status === "proposed" || status === "queued" || status === "running" ? "status-pending" : "";
  return <span className={`chip ${tone}`} data-testid={testId}>{status}</span>;
}
