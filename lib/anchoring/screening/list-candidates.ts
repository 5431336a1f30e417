import "server-only";
import { db, type Prisma } from "@/lib/db";
import { GATE_STEPS } from "@/lib/anchoring/screening/screen-candidate";
import { notFound } from "@/lib/errors/app-error";
import type { TCandidateFilter } from "@/lib/schemas/candidates";
import { candidateSelect, toCandidateDto } from "./candidate-select";
import { funnelFromCandidates } from "./funnel";

/** The suite's funnel counts over every candidate, and the candidates that match the filter. */
export async function listCandidates(suiteId: string, filter: TCandidateFilter) {
  const suite = await db().suite.findUnique({ where: { id: suiteId }, select: { id: true } });
  if (!suite) throw notFound("Suite", suiteId);
  const where = filterWhere(suiteId, filter);
  const [all, matching, rows] = await Promise.all([
    db().candidate.findMany({ where: { suiteId }, select: { stepsPassed: true, status: true } }),
    db().candidate.count({ where }),
    db().candidate.findMany({ where, select: candidateSelect, orderBy: [{ mergedAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }], take: filter.take }),
  ]);
  return { funnel: funnelFromCandidates(all), matching, candidates: rows.map(toCandidateDto) };
}

function filterWhere(suiteId: string, filter: TCandidateFilter): Prisma.CandidateWhereInput {
  const and: Prisma.CandidateWhereInput[] = [{ suiteId }];
  if (filter.verdict !== "all") and.push({ kept: filter.verdict === "kept" });
  if (filter.status) and.push({ status: filter.status });
  if (filter.importJobId) and.push({ importJobId: filter.importJobId });
  if (filter.stoppedAt) {
    const before = GATE_STEPS.slice(0, GATE_STEPS.indexOf(filter.stoppedAt));
    and.push({ stepsPassed: { hasEvery: before } }, { NOT: { stepsPassed: { has: filter.stoppedAt } } });
  }
  if (filter.q) {
    const q = filter.q;
    const number = /^#?(\d+)$/.exec(q);
    and.push({
      OR: [
        { title: { contains: q, mode: "insensitive" } },
        { author: { contains: q, mode: "insensitive" } },
        { mergeCommit: { startsWith: q.toLowerCase() } },
        ...(number ? [{ prNumber: Number(number[1]) }] : []),
      ],
    });
  }
  return { AND: and };
}
