import "server-only";
import { cutBehavioralSlice } from "@/lib/anchoring/evidence/behavioral-slice";
import type { DbOrTx } from "@/lib/db";
import { safeParseDiff } from "@/lib/git/diff";

/**
 * The PR's behavioral slice as patches against the base: the in-slice source diff
 * (the default gold patch) and the in-slice test diff (the default hidden test patch).
 * Empty strings while the evidence has no diff or no slice decisions yet.
 */
export async function sliceDefaults(tx: DbOrTx, familyId: string): Promise<{ gold: string; hiddenTests: string }> {
  // One query at a time: `tx` may be a transaction, one connection (queries-in-transaction.integration.test.ts).
  const evidence = await tx.evidence.findUnique({ where: { familyId }, select: { diff: true } });
  const files = await tx.diffFile.findMany({ where: { familyId }, select: { path: true, kind: true, inSlice: true, hunks: true }, orderBy: { position: "asc" } });
  if (!evidence?.diff.trim() || files.length === 0) return { gold: "", hiddenTests: "" };
  const parsed = safeParseDiff(evidence.diff.endsWith("\n") ? evidence.diff : `${evidence.diff}\n`);
  if (!parsed.ok) return { gold: "", hiddenTests: "" };
  try {
    const slice = cutBehavioralSlice(
      parsed.diff,
      files.map((f) => ({
        path: f.path,
        kind: f.kind,
        inSlice: f.inSlice,
        hunks: (Array.isArray(f.hunks) ? f.hunks : []) as { index: number; inSlice: boolean }[],
      })),
    );
    return { gold: slice.goldPatch, hiddenTests: slice.testPatch };
  } catch {
    // Slice decisions that no longer match the diff: no default rather than a wrong one.
    return { gold: "", hiddenTests: "" };
  }
}
