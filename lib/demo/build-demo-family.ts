// Builds the demo family in the database: evidence, atoms, verifier, probes with
// their atoms, gold / negative / alternative patches — all from the real repo.
import { execFileSync } from "node:child_process";
import type { Db } from "@/lib/db/client";
import { parseDiff } from "@/lib/git/diff";
import { listEvidenceFiles } from "@/lib/anchoring/evidence/behavioral-slice";
import { groupReviewThreads } from "@/lib/anchoring/github/review-threads";
import type { TReviewComment } from "@/lib/anchoring/github/github-schema";
import type { Prisma } from "@/lib/db/generated/client";
import { demoPatches } from "./demo-family";
import { DEMO_PROBES, DEMO_TEST_COMMAND, type DemoRepo } from "./demo-repo";
import { DEMO_CANCELLED_ATOM, demoHistories } from "./demo-histories";

type Options = {
  suiteId: string;
  repo: DemoRepo;
  leadId?: string | null;
  curatorIds?: string[];
  title?: string;
  /** Also capture the diff as evidence and write all seven histories: a family ready for calibration and review. */
  complete?: boolean;
};

export const DEMO_ATOMS = [
  { key: "A1", statement: "A required lookup of a missing secret raises SecretNotFoundError.", scope: "getSecret(name)", inputCondition: "the secret is not set and the lookup is not optional", polarity: "require", observation: "SecretNotFoundError is thrown", role: "final", replacedBy: [] },
  { key: "A2", statement: "An optional lookup of a missing secret returns null.", scope: "getSecret(name, { optional: true })", inputCondition: "the secret is not set", polarity: "require", observation: "the call returns null", role: "final", replacedBy: [] },
  { key: "A3", statement: "An optional lookup of a present secret returns its value.", scope: "getSecret(name, { optional: true })", inputCondition: "the secret is set", polarity: "require", observation: "the stored value is returned", role: "fixed", replacedBy: [] },
  { key: "A4", statement: "A lookup of a missing secret returns an empty string.", scope: "getSecret(name)", inputCondition: "the secret is not set", polarity: "require", observation: 'the call returns ""', role: "temporary", replacedBy: ["A1", "A2"] },
] as const;

const reviewComment = (id: number, inReplyToId: number | null, author: string, body: string): TReviewComment => ({
  id, inReplyToId, path: "src/secrets.js", line: 17, startLine: null, originalLine: 17, side: "RIGHT",
  diffHunk: "@@ -6,4 +13,7 @@ export function setSecret(name, value) {", body, author,
  createdAt: `2026-06-0${id}T10:00:00Z`, url: `https://example.org/vault-lite/pull/13#discussion_r${id}`,
});

const DEMO_REVIEW_COMMENTS = [
  reviewComment(1, null, "riley", "Should optional lookups log anything when the secret is missing?"),
  reviewComment(2, 1, "dana", "No: returning null is the whole contract for optional lookups."),
];

export async function buildDemoFamily(prisma: Db, options: Options) {
  const patches = demoPatches(options.repo);
  return prisma.$transaction(async (tx) => {
    const family = await tx.taskFamily.create({
      data: {
        suiteId: options.suiteId,
        title: options.title ?? "Required and optional secret lookup",
        repo: options.repo.dir,
        prNumber: 13,
        // The demo repository is local with no remote: its nominal upstream identity.
        upstreamRepo: "specpath-demo/secret-lookup",
        baseCommit: options.repo.baseCommit,
        mergeCommit: options.repo.mergeCommit,
        leadId: options.leadId ?? null,
        curators: { create: (options.curatorIds ?? []).map((userId) => ({ userId })) },
        evidence: {
          create: {
            issueTitle: "Missing secrets fail silently",
            issueBody: "getSecret returns undefined when a secret is missing, so callers crash later with a confusing error.",
            prTitle: "Split secret lookup into required and optional",
            prBody: "A missing required secret now raises SecretNotFoundError; optional lookups return null instead.",
          },
        },
        verifier: {
          create: {
            testCommand: DEMO_TEST_COMMAND,
            hiddenTestPatch: patches.hiddenTests,
            protocol: { historyPath: "HISTORY.md", historyFormat: "markdown", agentTimeoutSec: 1200 },
            collectedTests: Object.values(DEMO_PROBES),
          },
        },
      },
    });
    const atoms: Record<string, string> = {};
    const catalog = options.complete ? [...DEMO_ATOMS, DEMO_CANCELLED_ATOM] : DEMO_ATOMS;
    for (const [position, atom] of catalog.entries()) {
      const created = await tx.atom.create({ data: { ...atom, replacedBy: [...atom.replacedBy], familyId: family.id, position, status: "accepted" } });
      atoms[atom.key] = created.id;
    }
    for (const [position, [key, testId]] of Object.entries(DEMO_PROBES).entries()) {
      await tx.probe.create({ data: { familyId: family.id, testId, position, atoms: { create: [{ atomId: atoms[key]! }] } } });
    }
    await tx.patch.createMany({
      data: [
        { familyId: family.id, kind: "gold", name: "gold", diff: patches.gold },
        { familyId: family.id, kind: "negative", name: "negative-A1-remove", targetAtomId: atoms.A1!, mode: "remove", diff: patches.negativeA1 },
        { familyId: family.id, kind: "negative", name: "negative-A2-reverse", targetAtomId: atoms.A2!, mode: "reverse", diff: patches.negativeA2 },
        { familyId: family.id, kind: "alternative", name: "alternative-destructuring", diff: patches.alternative },
      ],
    });
    if (options.complete) {
      const diff = execFileSync("git", ["-C", options.repo.dir, "diff", "--no-color", options.repo.baseCommit, options.repo.mergeCommit], { encoding: "utf8" });
      await tx.evidence.update({
        where: { familyId: family.id },
        data: {
          diff,
          reviewThreads: groupReviewThreads(DEMO_REVIEW_COMMENTS) as unknown as Prisma.InputJsonValue,
        },
      });
      for (const [position, file] of listEvidenceFiles(parseDiff(diff)).entries()) {
        await tx.diffFile.create({
          data: {
            familyId: family.id, path: file.path, oldPath: file.oldPath, kind: file.kind, inSlice: file.inSlice, reason: file.reason,
            hunks: file.hunks, additions: file.additions, deletions: file.deletions, binary: file.binary, position,
          },
        });
      }
      for (const history of demoHistories()) {
        await tx.history.create({
          data: {
            familyId: family.id,
            condition: history.condition,
            revisions: { create: { number: 1, turns: { create: history.turns.map((t, index) => ({ index, ...t })) } } },
          },
        });
      }
    }
    return { family, atoms };
  });
}
