import "server-only";
import { db } from "@/lib/db";
import type { TBaseFailure } from "./types";

/**
 * How the hidden tests fail on the base: the family's latest finished calibration run of the base (the verifier's
 * probes with no patch), each probe that did not pass with the runner's failure text. The dynamic literal rule reads
 * it; null when the base has not been calibrated yet (the audit is then static only).
 */
export async function loadBaseFailures(familyId: string): Promise<{ runId: string; failures: TBaseFailure[] } | null> {
  const run = await db().run.findFirst({
    where: { familyId, kind: "calibrate", patchRole: "base", status: { in: ["passed", "failed"] } },
    orderBy: { finishedAt: "desc" },
    select: { id: true, results: { orderBy: { attempt: "desc" }, take: 1, select: { probes: true } } },
  });
  if (!run) return null;
  const probes = Array.isArray(run.results[0]?.probes) ? (run.results[0]!.probes as { probe?: unknown; status?: unknown; message?: unknown; detail?: unknown }[]) : [];
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  const failures = probes.filter((p) => typeof p.probe === "string" && p.status !== "pass" && p.status !== "passed")
    .map((p): TBaseFailure => ({ probe: p.probe as string, outcome: String(p.status), message: text(p.message), detail: text(p.detail) }));
  return { runId: run.id, failures };
}
