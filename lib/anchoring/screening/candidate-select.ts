// Pure: the fields of a candidate PR the screening table reads, and their DTO.
import { readReasons, stoppedAt } from "./funnel";

export const candidateSelect = {
  id: true,
  suiteId: true,
  importJobId: true,
  source: true,
  repo: true,
  prNumber: true,
  mergeCommit: true,
  baseCommit: true,
  headCommit: true,
  title: true,
  author: true,
  authorIsBot: true,
  mergedAt: true,
  files: true,
  additions: true,
  deletions: true,
  kept: true,
  reasons: true,
  stepsPassed: true,
  status: true,
  statusReason: true,
  version: true,
  family: { select: { id: true, title: true } },
} as const;

type TCandidateRow = {
  id: string; suiteId: string; importJobId: string | null; source: string; repo: string; prNumber: number | null;
  mergeCommit: string; baseCommit: string; headCommit: string; title: string; author: string; authorIsBot: boolean;
  mergedAt: Date | null; files: unknown; additions: number; deletions: number; kept: boolean; reasons: unknown;
  stepsPassed: string[]; status: string; statusReason: string | null; version: number; family: { id: string; title: string } | null;
};

export type TCandidateDto = ReturnType<typeof toCandidateDto>;

export function toCandidateDto({ files, reasons, ...row }: TCandidateRow) {
  return {
    ...row,
    fileCount: Array.isArray(files) ? files.length : 0,
    reasons: readReasons(reasons),
    stoppedAt: stoppedAt(row.stepsPassed),
  };
}
