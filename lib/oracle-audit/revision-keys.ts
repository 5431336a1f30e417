import "server-only";
// What identifies an audited history revision: its id and a hash of the text the audit
// reads. Sending a revision to review (or any save that leaves its text alone) bumps its
// version but not its key, so its audit stays current.
import crypto from "node:crypto";

/** The visible text of a revision as the audit reads it: every turn, in order. */
export const auditedText = (turns: readonly { text: string }[]) => turns.map((t) => t.text).join("\n\n");

export const textHash = (text: string) => crypto.createHash("sha256").update(text).digest("hex").slice(0, 16);

export const revisionKey = (revisionId: string, turns: readonly { text: string }[]) => `${revisionId}@${textHash(auditedText(turns))}`;

export const revisionIdOfKey = (key: string) => key.split("@")[0]!;

/** Gold and the hidden tests, as one hash: an audit of other gold is stale. */
export const goldHashOf = (hiddenTestPatch: string, goldPatch: string) => crypto.createHash("sha256").update(`${hiddenTestPatch}\0${goldPatch}`).digest("hex");

/**
 * The probe list and the base's calibration run the audit read, as one hash: findings map tests to probes, and the
 * dynamic literal rule reads how the hidden tests fail on the base, so another list or a newer base run audits anew.
 */
export const probesHashOf = (probeTestIds: readonly string[], baseRunId: string | null = null) =>
  crypto.createHash("sha256").update(`${probeTestIds.join("\n")}${baseRunId ? `\n\0base ${baseRunId}` : ""}`).digest("hex").slice(0, 16);

/** The family's latest finished calibration run of the base: what the dynamic literal rule reads. */
export const BASE_RUN_SELECT = { where: { kind: "calibrate" as const, patchRole: "base", status: { in: ["passed" as const, "failed" as const] } }, orderBy: { finishedAt: "desc" as const }, take: 1, select: { id: true } };

/** Select for the current (latest) revision of every history, with what the key needs. */
export const CURRENT_REVISION_SELECT = {
  id: true,
  condition: true,
  revisions: { orderBy: { number: "desc" as const }, take: 1, select: { id: true, version: true, turns: { orderBy: { index: "asc" as const }, select: { text: true } } } },
};

/** What the audit's request key is made of: gold, hidden tests, probes, the current revisions' text and the base run. */
export const AUDIT_CONTENT_SELECT = {
  patches: { where: { kind: "gold" as const }, select: { diff: true }, take: 1 },
  verifier: { select: { hiddenTestPatch: true } },
  probes: { select: { testId: true }, orderBy: [{ position: "asc" as const }, { testId: "asc" as const }] },
  histories: { select: CURRENT_REVISION_SELECT },
  runs: BASE_RUN_SELECT,
};

type TAuditContent = {
  patches: { diff: string }[];
  verifier: { hiddenTestPatch: string } | null;
  probes: { testId: string }[];
  histories: { revisions: { id: string; turns: { text: string }[] }[] }[];
  runs: { id: string }[];
};

/** The static audit's run key for this content and analyzer: the same content is one run. */
export function auditRequestKey(familyId: string, analyzer: number, family: TAuditContent) {
  const content = [
    `analyzer ${analyzer}`, family.patches[0]?.diff ?? "", family.verifier?.hiddenTestPatch ?? "", family.probes.map((p) => p.testId).join("\n"),
    family.histories.flatMap((h) => h.revisions.map((r) => revisionKey(r.id, r.turns))).sort().join(","),
    `base ${family.runs[0]?.id ?? ""}`,
  ].join("\0");
  return `${familyId}:oracle_audit:static:${crypto.createHash("sha256").update(content).digest("hex").slice(0, 24)}`;
}
