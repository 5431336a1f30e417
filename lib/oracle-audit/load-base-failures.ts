import "server-only";
import { db } from "@/lib/db";
import type { TBaseFailure } from "./types";

/**
 * How the hidden tests fail on the base: a calibration run of the base (the verifier's probes with no patch; the
 * audit input names the family's latest finished one), each probe that did not pass with the runner's failure text,
 * from the run's latest attempt. The dynamic literal rule reads it.
 */
export async function loadBaseFailures(runId: string): Promise<TBaseFailure[]> {
  const run = await db().run.findUniqueOrThrow({
    where: { id: runId },
    select: { results: { orderBy: { attempt: "desc" }, take: 1, select: { probes: true } } },
  });
  const probes = Array.isArray(run.results[0]?.probes) ? (run.results[0]!.probes as { probe?: unknown; status?: unknown; message?: unknown; detail?: unknown }[]) : [];
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  const failures = probes.filter((p) => typeof p.probe === "string" && p.status !== "pass" && p.status !== "passed")
    .map((p): TBaseFailure => ({ probe: p.probe as string, outcome: String(p.status), message: text(p.message), detail: text(p.detail) }));
  return failures;
}
