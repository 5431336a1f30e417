import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/app-error";
import { sliceDefaults } from "@/lib/patches/slice-defaults";
import type { TProposalInput } from "./types";

/** A family's evidence as a proposer reads it: the hidden test patch (else the in-slice test diff) and the gold patch (else the in-slice source diff). */
export async function gatherProposalInput(familyId: string): Promise<TProposalInput> {
  const family = await db().taskFamily.findUnique({
    where: { id: familyId },
    select: {
      title: true,
      evidence: { select: { issueTitle: true, issueBody: true, prTitle: true, prBody: true, reviewThreads: true } },
      verifier: { select: { hiddenTestPatch: true } },
      patches: { where: { kind: "gold" }, select: { diff: true }, take: 1 },
      atoms: { select: { statement: true } },
      runs: {
        where: { kind: "collect", status: "passed" }, orderBy: { createdAt: "desc" }, take: 1,
        select: { results: { orderBy: { attempt: "desc" }, take: 1, select: { probes: true } } },
      },
    },
  });
  if (!family) throw notFound("Task family", familyId);
  const needsSlice = !family.verifier?.hiddenTestPatch.trim() || family.patches.length === 0;
  const slice = needsSlice ? await sliceDefaults(db(), familyId) : { gold: "", hiddenTests: "" };
  const e = family.evidence;
  return {
    title: family.title,
    issue: [e?.issueTitle, e?.issueBody].filter(Boolean).join("\n\n"),
    description: [e?.prTitle, e?.prBody].filter(Boolean).join("\n\n"),
    review: reviewText(e?.reviewThreads),
    testPatch: family.verifier?.hiddenTestPatch.trim() ? family.verifier.hiddenTestPatch : slice.hiddenTests,
    sourcePatch: family.patches[0]?.diff ?? slice.gold,
    existing: family.atoms.map((a) => a.statement),
    executed: executedTests(family.runs[0]?.results[0]?.probes),
  };
}

/** A collect run's stored tests (id, outcome with gold, outcome on the base) as the execution proposer reads them. */
function executedTests(probes: unknown): TProposalInput["executed"] {
  if (!Array.isArray(probes)) return [];
  return probes.flatMap((t) => {
    const { id, outcome, base, baseMessage } = (t ?? {}) as Record<string, unknown>;
    if (typeof id !== "string" || typeof outcome !== "string") return [];
    return [{ id, gold: outcome, base: typeof base === "string" ? base : null, baseMessage: typeof baseMessage === "string" ? baseMessage : null }];
  });
}

// Review threads are stored as the importer wrote them; only their text matters here.
function reviewText(threads: unknown): string {
  if (!Array.isArray(threads)) return "";
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") return;
    if (Array.isArray(value)) return value.forEach(walk);
    if (value && typeof value === "object") {
      const body = (value as { body?: unknown }).body;
      if (typeof body === "string" && body.trim()) texts.push(body.trim());
      Object.values(value).forEach((v) => typeof v === "object" && walk(v));
    }
  };
  walk(threads);
  return texts.join("\n\n---\n\n");
}
