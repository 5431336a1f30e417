// Every TanStack Query key of the studio, in one place: a hook reads or
// invalidates server state only through these, so a change finds all of them.
// Keys of one family share their family id at position 1, so `["gates", id]`
// also matches every stage panel under it.

import type { TStageKey } from "@/lib/gates/stages";

export const queryKeys = {
  /** The signed-in user (GET /api/me): the shell's nav and each tab's edit rights. */
  me: () => ["me"] as const,
  settings: () => ["settings"] as const,
  users: () => ["users"] as const,
  suites: () => ["suites"] as const,
  suite: (suiteId: string) => ["suite", suiteId] as const,
  queue: () => ["queue"] as const,
  run: (runId: string) => ["run", runId] as const,
  auditLog: (filters: unknown) => ["audit", filters] as const,
  evaluations: () => ["evaluations"] as const,
  frozenPackages: () => ["evaluations", "packages"] as const,
  evaluation: (evaluationId: string) => ["evaluation", evaluationId] as const,

  imports: (suiteId: string) => ["imports", suiteId] as const,
  /** All candidate lists of a suite; `params` narrows to one filtered list. */
  candidates: (suiteId: string, params?: string) => (params === undefined ? (["candidates", suiteId] as const) : (["candidates", suiteId, params] as const)),

  family: (familyId: string) => ["family", familyId] as const,
  /** The whole gate report; as a prefix it also matches every stage panel of the family. */
  gates: (familyId: string) => ["gates", familyId] as const,
  stage: (familyId: string, stage: TStageKey) => ["gates", familyId, stage] as const,
  evidence: (familyId: string) => ["evidence", familyId] as const,
  anchors: (familyId: string) => ["anchors", familyId] as const,
  diffFile: (familyId: string, fileId: string) => ["diff-file", familyId, fileId] as const,
  catalog: (familyId: string) => ["atoms", familyId] as const,
  /** The latest batch of negatives mined from gold (lib/patches/mining). */
  mining: (familyId: string) => ["mining", familyId] as const,
  proposers: (familyId: string) => ["proposers", familyId] as const,
  probes: (familyId: string) => ["probes", familyId] as const,
  patches: (familyId: string) => ["patches", familyId] as const,
  verifier: (familyId: string) => ["verifier", familyId] as const,
  runs: (familyId: string) => ["runs", familyId] as const,
  histories: (familyId: string) => ["histories", familyId] as const,
  revisions: (familyId: string, condition: string) => ["histories", familyId, condition, "revisions"] as const,
  revision: (familyId: string, condition: string, number: number | null) => ["histories", familyId, condition, "revision", number] as const,
  oracleAudit: (familyId: string) => ["oracle-audit", familyId] as const,
  package: (familyId: string) => ["package", familyId] as const,
  packageDiff: (from: string, to: string) => ["package-diff", from, to] as const,
  suiteDashboard: (suiteId: string) => ["suite-dashboard", suiteId] as const,
  suiteOracleAccuracy: (suiteId: string) => ["suite-oracle-accuracy", suiteId] as const,
  exportJob: (jobId: string | null) => ["export-job", jobId] as const,
} as const;
