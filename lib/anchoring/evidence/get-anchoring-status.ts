import "server-only";
import { db } from "@/lib/db";
import { getGateReport } from "@/lib/families/get-gate-report";

/** The anchoring stage's gates and the latest base checkout job, for the evidence page's panel. */
export async function getAnchoringStatus(familyId: string) {
  const report = await getGateReport(familyId);
  const stage = report.stages.find((s) => s.stage === "anchoring") ?? null;
  const checkout = await db().run.findFirst({
    where: { familyId, kind: "checkout" },
    orderBy: { createdAt: "desc" },
    select: { id: true, status: true, message: true, attempt: true, createdAt: true, startedAt: true, finishedAt: true },
  });
  return { stage, checkout };
}
