// Pure: the response shapes of the specification–oracle audit API (the Oracle audit tab's data). They
// sit beside the audit, not in lib/schemas, because the listing's row is the audit's own classified row.
import type { TListedDependency } from "./dependency-listing";

export type TOracleFindingDto = {
  id: string;
  version: number;
  category: "hidden" | "not_audited";
  kind: string;
  name: string;
  module: string | null;
  reason: string;
  buildUnit: string;
  scope: "unit" | "test";
  probeTestIds: string[];
  evidence: { file?: string; line?: number; text?: string; definedAt?: { file: string; line: number | null } | null };
  addendum: string | null;
  resolution: "addendum" | "waived" | null;
  rationale: string | null;
  counterfactual: { outcome: string | null; mutation: string; failed: number; predicted: number; message: string | null } | null;
};

/** One dependency of one test file as one history's audit classified it (the tab's full listing): the listing's own row. */
export type TListedDependencyDto = TListedDependency;

/** A hidden dependency across the current histories: what a curator or lead resolves once. */
export type THiddenDependencyDto = {
  dependencyKey: string;
  kind: string;
  name: string;
  /** A probe the verifier runs depends on it; otherwise it is informational and never blocks. */
  blocking: boolean;
  /** The finding the actions act on (the first unresolved one), with its evidence and draft. */
  finding: TOracleFindingDto;
  histories: { condition: string; revisionId: string; findingId: string; version: number; resolution: "addendum" | "waived" | null }[];
  probeTestIds: string[];
};

export type TOracleWaiverDto = { id: string; name: string; dependencyKey: string; history: string | null; rationale: string; createdAt: string };

export type TOracleAuditDto = {
  audit: null | {
    id: string;
    createdAt: string;
    current: boolean;
    /** Why the audit is not current (a history's text, gold, the probes, or a failed later run), if it is not. */
    staleReason: string | null;
    dependencies: number;
    histories: {
      revisionId: string; condition: string; number: number | null;
      /** The history's current revision (by id); its text may still have changed since (textChanged). */
      current: boolean; textChanged: boolean;
      /** Its text was unchanged since an earlier audit, whose result it kept. */
      reused: boolean;
      counts: Record<string, number>; findings: TOracleFindingDto[]; listing: TListedDependencyDto[];
    }[];
    hidden: THiddenDependencyDto[];
    notAudited: TOracleFindingDto[];
    counterfactuals: { decided: number; confirmed: number; pending: number; precision: number | null; blastRadiusAccuracy: number | null };
  };
  waivers: TOracleWaiverDto[];
  running: boolean;
  lastRunMessage: string | null;
  /** The latest audit run ended without an audit: the audit shown (if any) is an older one. */
  lastRunFailed: boolean;
};
