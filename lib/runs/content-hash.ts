import "server-only";
// What a calibration or replay run executes, as digests. The same digests key the
// request (lib/runs/matrix.ts), are recorded by the worker for what it actually
// ran, and decide which runs the gates and matrices count: a run counts only
// while the family's content still hashes to the run's content.
import crypto from "node:crypto";
import { protocolOf } from "@/lib/contract/render-history";

const digest = (...parts: string[]) => crypto.createHash("sha256").update(parts.join("\u0000")).digest("hex").slice(0, 20);

export type TVerifierContent = {
  setupCommand: string | null;
  testCommand: string;
  resultFormat: string;
  hiddenTestPatch: string;
  image: string | null;
  /** The probe list (test ids, guards included) in verifier order: the signature's bits follow it. */
  probeTestIds: readonly string[];
};

export type TRevisionContent = {
  turns: readonly { text: string; activated: readonly string[]; deactivated: readonly string[]; restated: readonly string[] }[];
  /** The execution protocol decides how the text is written into the workspace. */
  protocol: unknown;
};

/** Only where and how the history file is written changes what a replay runs. */
export function protocolContent(raw: unknown) {
  const p = protocolOf(raw);
  return { historyPath: p.historyPath, historyFormat: p.historyFormat };
}

export function verifierDigest(v: TVerifierContent): string {
  return digest("verifier", v.setupCommand?.trim() ?? "", v.testCommand, v.resultFormat, v.hiddenTestPatch, v.image ?? "", ...v.probeTestIds);
}

export function patchDigest(diff: string): string {
  return digest("patch", diff);
}

export function revisionDigest(r: TRevisionContent): string {
  const turns = r.turns.map((t) => JSON.stringify([t.text, [...t.activated], [...t.deactivated], [...t.restated]]));
  return digest("revision", JSON.stringify(r.protocol ?? {}), ...turns);
}

export { runContentHash } from "./matrix";
