// The JSON the anchoring API sends (dates as strings), as the pages read it.
import type { TGateReason, TGateStep } from "@/lib/anchoring/screening/screen-candidate";
import type { TSliceHunk } from "@/lib/anchoring/evidence/behavioral-slice";
import type { TFileKind, TAnchorSource } from "@/lib/contract/types";
import type { TReviewComment } from "@/lib/anchoring/github/github-schema";
import type { TGate, TStageReport } from "@/lib/gates/types";

export type ImportJob = {
  id: string; source: "local" | "github"; repo: string; status: "queued" | "running" | "waiting" | "done" | "failed";
  progress: number; total: number; message: string; candidates: number; active: boolean; resumable: boolean; interrupted: boolean;
  createdAt: string; updatedAt: string;
};

export type FunnelStep = { step: TGateStep | "admitted"; label: string; count: number };

export type Candidate = {
  id: string; source: string; repo: string; prNumber: number | null; mergeCommit: string; baseCommit: string; title: string;
  author: string; authorIsBot: boolean; mergedAt: string | null; fileCount: number; additions: number; deletions: number;
  kept: boolean; reasons: TGateReason[]; stepsPassed: string[]; stoppedAt: TGateStep | null;
  status: "screened" | "admitted" | "rejected"; statusReason: string | null; version: number; family: { id: string; title: string } | null;
};

export type CandidateList = { funnel: FunnelStep[]; matching: number; candidates: Candidate[] };

export type DiffFile = {
  id: string; path: string; oldPath: string | null; kind: TFileKind; inSlice: boolean; reason: string | null; hunks: TSliceHunk[];
  additions: number; deletions: number; binary: boolean; position: number; version: number;
};

export type ReviewThread = { path: string; line: number | null; comments: TReviewComment[] };

export type Anchor = {
  id: string; source: TAnchorSource; filePath: string | null; lineStart: number | null; lineEnd: number | null;
  quote: string; atomId: string | null; createdAt: string; createdBy: { id: string; name: string } | null;
};

export type Evidence = {
  family: {
    id: string; title: string; repo: string; prNumber: number | null; upstreamRepo: string | null; mergedAt: string | null; version: number;
    baseCommit: string; mergeCommit: string; frozen: boolean; source: string | null;
  };
  evidence: { issueTitle: string; issueBody: string; prTitle: string; prBody: string; reviewThreads: ReviewThread[]; version: number; diffBytes: number } | null;
  files: DiffFile[];
  anchors: Anchor[];
  slice: { goldPatch: { id: string; version: number; updatedAt: string } | null; hiddenTests: boolean };
};

export type ViewLine = { kind: "context" | "add" | "delete"; text: string; oldLine: number | null; newLine: number | null };
export type ViewHunk = { index: number; header: string; oldStart: number; oldLines: number; newStart: number; newLines: number; lines: ViewLine[] };

export type DiffFileView = {
  file: DiffFile; status: string | null; hunks: ViewHunk[]; notes: string[];
  original: string | null; modified: string | null; contentNote: string | null; language: string;
};

export type SliceResult = {
  gold: { id: string; files: string[]; bytes: number };
  hiddenTests: { verifierId: string; files: string[]; bytes: number };
};
