// Pure: the fields of a history revision the histories tab reads, and their DTOs.
import type { TCondition, TTurn } from "@/lib/contract";
import type { TLeakWaiverDto, TRevisionDto, TRevisionStatus, TRevisionSummaryDto } from "@/lib/schemas/histories";

const revisionFields = {
  id: true,
  number: true,
  status: true,
  version: true,
  sentToReviewAt: true,
  createdAt: true,
  updatedAt: true,
  createdBy: { select: { id: true, name: true } },
} as const;

/** A revision with its turns; the hidden events are included, so only construction roles may receive it. */
export const revisionSelect = {
  ...revisionFields,
  history: { select: { condition: true } },
  turns: { select: { text: true, activated: true, deactivated: true, restated: true }, orderBy: { index: "asc" } },
  leakWaivers: { select: { turn: true, kind: true, match: true, reason: true }, orderBy: { createdAt: "asc" } },
} as const;

export const revisionSummarySelect = { ...revisionFields, _count: { select: { turns: true } } } as const;

type TRevisionRow = {
  id: string;
  number: number;
  status: string;
  version: number;
  sentToReviewAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  createdBy: { id: string; name: string } | null;
};

const summaryFields = (r: TRevisionRow) => ({
  id: r.id,
  number: r.number,
  status: r.status as TRevisionStatus,
  version: r.version,
  sentToReviewAt: r.sentToReviewAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  createdBy: r.createdBy,
});

export function toRevisionDto(r: TRevisionRow & { history: { condition: string }; turns: TTurn[]; leakWaivers?: TLeakWaiverDto[] }): TRevisionDto {
  return {
    ...summaryFields(r),
    condition: r.history.condition as TCondition,
    turns: r.turns.map((t) => ({ text: t.text, activated: [...t.activated], deactivated: [...t.deactivated], restated: [...t.restated] })),
    waivers: (r.leakWaivers ?? []).map((w) => ({ turn: w.turn, kind: w.kind, match: w.match, reason: w.reason })),
  };
}

export function toRevisionSummaryDto(r: TRevisionRow & { _count: { turns: number } }): TRevisionSummaryDto {
  return { ...summaryFields(r), turnCount: r._count.turns };
}

/** Turn rows of a revision, in order. */
export const turnRows = (revisionId: string, turns: readonly TTurn[]) =>
  turns.map((t, index) => ({ revisionId, index, text: t.text, activated: [...t.activated], deactivated: [...t.deactivated], restated: [...t.restated] }));
