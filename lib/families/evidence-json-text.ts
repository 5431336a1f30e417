import "server-only";
// The evidence tab's answers as JSON text (issue 24: the first diff interactive within a second).
// A diff file's view is computed from the family's commits, its evidence diff and the file's row
// (TaskFamily, Evidence, DiffFile: all counted in the family's fingerprint) and the files' texts
// at those commits, which never change: it is kept while the fingerprint stands. The evidence
// itself also lists the anchors, which the fingerprint does not count, so it is read each time.
import { notFound } from "@/lib/errors/app-error";
import { toJsonText } from "@/lib/http/respond";
import { getDiffFile } from "@/lib/anchoring/evidence/get-diff-file";
import { getEvidence } from "@/lib/anchoring/evidence/get-evidence";
import { pickFile } from "@/lib/anchoring/evidence/pick-file";
import { familyFingerprint } from "./family-fingerprint";
import { cachedTextByFingerprint, fingerprintCacheOff } from "./fingerprint-cache";

/** Thrown inside the cache's compute to hand back an answer that must not be kept. */
class Unkept extends Error {
  constructor(readonly text: string) {
    super("not kept");
  }
}

/** GET …/diff-files/<fileId>: one file's hunks (and, with `contents`, its texts at base and merge). */
export async function diffFileJsonText(familyId: string, fileId: string, contents: boolean): Promise<string> {
  const compute = async () => toJsonText(await getDiffFile(familyId, fileId, { contents }));
  if (fingerprintCacheOff()) return compute();
  const fingerprint = await familyFingerprint(familyId);
  if (fingerprint === "") throw notFound("Task family", familyId);
  try {
    return await cachedTextByFingerprint("diff-file", `${familyId}/${fileId}/${contents ? 1 : 0}`, fingerprint, async () => {
      const view = await getDiffFile(familyId, fileId, { contents });
      const text = toJsonText(view);
      // "the mirror is still being prepared; reload in a moment": the next request may read the texts.
      if (contents && view.contentNote?.startsWith("File contents unavailable")) throw new Unkept(text);
      return text;
    });
  } catch (error) {
    if (error instanceof Unkept) return error.text;
    throw error;
  }
}

/**
 * GET …/evidence?open=<path>: the evidence with, as `opened`, the view (texts included) of the
 * file the page opens first — the one named, else pickFile's choice; null for a diff without
 * files. One round trip instead of two before the first diff can be drawn.
 */
export async function evidenceWithOpenedJsonText(familyId: string, open: string): Promise<string> {
  const evidence = await getEvidence(familyId);
  const first = pickFile(evidence.files, open || null);
  const opened = first ? await diffFileJsonText(familyId, first.id, true) : "null";
  const text = toJsonText(evidence);
  // The kept text of the file goes in as it is (no parse, no second serialization): `{…}` → `{…,"opened":…}`.
  return `${text.slice(0, -1)},"opened":${opened}}`;
}
