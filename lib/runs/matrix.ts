// Pure: which runs a calibration needs (ARCHITECTURE §3 stages 3 and 4).
// Request keys are content-addressed: asking again with nothing changed reuses
// the runs already made, so a double click never runs anything twice.
import { CORE_CONDITIONS } from "@/lib/contract/types";

export const GOLD_REPEATS = 3;

export type TMatrixInput = {
  familyId: string;
  verifierVersion: number;
  probesKey: string; // stable digest of the probe list
  patches: { id: string; kind: "gold" | "negative" | "alternative" | "hidden_tests"; version: number }[];
  /** The latest revision of each history; its version changes with every save. */
  coreRevisions: { id: string; condition: string; version: number }[];
};

export type TRunRequest = {
  kind: "calibrate" | "replay";
  patchRole: "gold" | "base" | "negative" | "alternative";
  patchId: string | null;
  historyRevisionId: string | null;
  historyRevisionVersion?: number | null;
  repeat: number;
  requestKey: string;
};

export function calibrationMatrix(input: TMatrixInput): TRunRequest[] {
  const stamp = `v${input.verifierVersion}:${input.probesKey}`;
  const key = (...parts: (string | number | null)[]) => [input.familyId, stamp, ...parts].join(":");
  const gold = input.patches.filter((p) => p.kind === "gold");
  const negatives = input.patches.filter((p) => p.kind === "negative");
  const alternatives = input.patches.filter((p) => p.kind === "alternative");
  const requests: TRunRequest[] = [];
  const calibrate = (patchRole: TRunRequest["patchRole"], patch: { id: string; version: number } | null, repeat = 0) =>
    requests.push({
      kind: "calibrate", patchRole, patchId: patch?.id ?? null, historyRevisionId: null, repeat,
      requestKey: key("calibrate", patchRole, patch ? `${patch.id}@${patch.version}` : "base", repeat),
    });

  for (const patch of gold) for (let r = 0; r < GOLD_REPEATS; r++) calibrate("gold", patch, r);
  calibrate("base", null);
  for (const patch of negatives) calibrate("negative", patch);
  for (const patch of alternatives) calibrate("alternative", patch);

  const fixed: [TRunRequest["patchRole"], { id: string; version: number } | null][] = [
    ...gold.map((p) => ["gold", p] as [TRunRequest["patchRole"], typeof p]),
    ["base", null],
    ...negatives.map((p) => ["negative", p] as [TRunRequest["patchRole"], typeof p]),
  ];
  const core = input.coreRevisions.filter((r) => (CORE_CONDITIONS as readonly string[]).includes(r.condition));
  for (const [patchRole, patch] of fixed) {
    for (const revision of core) {
      requests.push({
        kind: "replay", patchRole, patchId: patch?.id ?? null, historyRevisionId: revision.id, historyRevisionVersion: revision.version, repeat: 0,
        requestKey: key("replay", patchRole, patch ? `${patch.id}@${patch.version}` : "base", `${revision.id}@${revision.version}`),
      });
    }
  }
  return requests;
}
