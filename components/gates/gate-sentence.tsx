"use client";
import type { TGate } from "@/lib/gates/types";
import { StatusChip } from "@/components/ui/status-chip";

/**
 * One gate's own answer, word for word: a panel never computes a second verdict
 * of its own (issue 12 item 7). Passing gates show their title as the sentence.
 */
export function GateSentence({ gate, testId }: { gate: TGate | undefined; testId?: string }) {
  if (!gate) return <p className="muted" data-testid={testId}>Computing the gate…</p>;
  const sentence = gate.missing ?? `${gate.title}.`;
  return (
    <p className={gate.status === "fail" ? "error" : "muted"} data-gate-sentence={gate.key} data-status={gate.status}>
      <StatusChip status={gate.status} /> <span data-testid={testId}>{sentence}</span>
    </p>
  );
}
