import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/app-error";
import { ZReviewCommentSchema } from "@/lib/anchoring/github/github-schema";
import { diffFileSelect, toDiffFileDto } from "./diff-file-select";
import { anchorSelect } from "./anchor-select";

const ZReviewThreadsSchema = z
  .array(z.object({ path: z.string(), line: z.number().int().nullable(), comments: z.array(ZReviewCommentSchema) }))
  .catch([]);

/** Everything the evidence page shows except the diff text itself, which is read per file. */
export async function getEvidence(familyId: string) {
  const family = await db().taskFamily.findUnique({
    where: { id: familyId },
    select: {
      id: true, title: true, repo: true, prNumber: true, upstreamRepo: true, mergedAt: true, version: true, baseCommit: true, mergeCommit: true, frozen: true,
      candidate: { select: { source: true, repo: true } },
      evidence: { select: { issueTitle: true, issueBody: true, prTitle: true, prBody: true, reviewThreads: true, version: true, updatedAt: true } },
      diffFiles: { select: diffFileSelect, orderBy: { position: "asc" } },
      anchors: { select: anchorSelect, orderBy: { createdAt: "asc" } },
      patches: { where: { kind: "gold" }, select: { id: true, name: true, version: true, updatedAt: true }, take: 1 },
      verifier: { select: { hiddenTestPatch: true, version: true } },
    },
  });
  if (!family) throw notFound("Task family", familyId);
  const diffBytes = await db().$queryRaw<{ bytes: number }[]>`SELECT octet_length(diff)::int AS bytes FROM "Evidence" WHERE "familyId" = ${familyId}`;
  const { evidence, diffFiles, anchors, patches, verifier, candidate, ...header } = family;
  return {
    family: { ...header, source: candidate?.source ?? null, sourceRepo: candidate?.repo ?? null },
    evidence: evidence
      ? { ...evidence, reviewThreads: ZReviewThreadsSchema.parse(evidence.reviewThreads), diffBytes: diffBytes[0]?.bytes ?? 0 }
      : null,
    files: diffFiles.map(toDiffFileDto),
    anchors,
    slice: { goldPatch: patches[0] ?? null, hiddenTests: verifier ? verifier.hiddenTestPatch.length > 0 : false },
  };
}
