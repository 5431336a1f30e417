import "server-only";
// What an import runs on, loaded by the worker from the ImportJob row alone: the source and its
// filters, where the last attempt stopped, who asked for it, and the suite's gate thresholds.
// (The GitHub token and API base come from the worker's own setting and environment:
// lib/anchoring/github/github-connection.ts.)
import { db } from "@/lib/db";
import { thresholdsFromSettings } from "@/lib/anchoring/screening/suite-thresholds";
import type { TAutoGateThresholds } from "@/lib/anchoring/screening/screen-candidate";
import type { TCandidateInput } from "@/lib/anchoring/screening/upsert-candidate";
import { ZImportQuerySchema, type TImportQuery } from "@/lib/schemas/imports";
import type { TImportClaim } from "./import-claim";

export type TImportContext = {
  claim: TImportClaim;
  suiteId: string;
  source: "local" | "github";
  repo: string;
  query: TImportQuery;
  /** Where the previous attempt stopped (a source's own cursor shape; anything else starts over). */
  cursor: unknown;
  /** Candidates written so far (the GitHub import counts on from here when it resumes). */
  progress: number;
  /** The curator who started the import: its candidates are written on their behalf. */
  actorId: string | null;
  thresholds: TAutoGateThresholds;
};

export async function loadImportContext(claim: TImportClaim): Promise<TImportContext> {
  const row = await db().importJob.findUniqueOrThrow({
    where: { id: claim.id },
    select: { suiteId: true, source: true, repo: true, query: true, cursor: true, progress: true, createdBy: true, suite: { select: { settings: true } } },
  });
  return {
    claim,
    suiteId: row.suiteId,
    source: row.source === "github" ? "github" : "local",
    repo: row.repo,
    query: ZImportQuerySchema.catch({}).parse(row.query),
    cursor: row.cursor,
    progress: row.progress,
    actorId: row.createdBy,
    thresholds: thresholdsFromSettings(row.suite.settings),
  };
}

/** What every candidate of this import shares: its suite, its import, its source. */
export function candidateOrigin(context: TImportContext): Pick<TCandidateInput, "suiteId" | "importJobId" | "source" | "repo"> {
  return { suiteId: context.suiteId, importJobId: context.claim.id, source: context.source, repo: context.repo };
}

/** A date the source gave as text, or null when it is not one. */
export function dateOrNull(text: string): Date | null {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}
