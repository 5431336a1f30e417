// Pure: the screening funnel counts of a suite.
import { countFunnel, GATE_STEPS, ZGateReasonSchema, type TFunnelCount, type TGateReason, type TGateStep } from "@/lib/anchoring/screening/screen-candidate";
import { z } from "zod";

/** The first funnel step a stored candidate did not pass, or null when it passed them all. */
export function stoppedAt(stepsPassed: readonly string[]): TGateStep | null {
  return GATE_STEPS.find((step) => !stepsPassed.includes(step)) ?? null;
}

export type TFunnelStepCount = { step: TGateStep | "admitted"; label: string; count: number };

/** found → merged → non-bot → source+tests → not generated-dominated → size ok → admitted (by a curator). */
export function funnelFromCandidates(candidates: readonly { stepsPassed: readonly string[]; status: string }[]): TFunnelStepCount[] {
  const steps: TFunnelCount[] = countFunnel(candidates.map((c) => ({ stoppedAt: stoppedAt(c.stepsPassed) })));
  return [...steps, { step: "admitted", label: "admitted", count: candidates.filter((c) => c.status === "admitted").length }];
}

const ZReasonsSchema = z.array(ZGateReasonSchema).catch([]);

export function readReasons(value: unknown): TGateReason[] {
  return ZReasonsSchema.parse(value);
}
