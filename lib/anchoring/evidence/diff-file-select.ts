// Pure: the fields of a diff file the evidence tab reads, and their DTO.
import { z } from "zod";
import { ZSliceHunkSchema, type TSliceHunk } from "@/lib/anchoring/evidence/behavioral-slice";
import type { TFileKind } from "@/lib/contract/types";

export const diffFileSelect = {
  id: true,
  familyId: true,
  path: true,
  oldPath: true,
  kind: true,
  inSlice: true,
  reason: true,
  hunks: true,
  additions: true,
  deletions: true,
  binary: true,
  position: true,
  version: true,
  updatedAt: true,
} as const;

const ZHunksSchema = z.array(ZSliceHunkSchema).catch([]);

export function readHunkDecisions(value: unknown): TSliceHunk[] {
  return ZHunksSchema.parse(value);
}

type TDiffFileRow = {
  id: string; familyId: string; path: string; oldPath: string | null; kind: TFileKind; inSlice: boolean; reason: string | null;
  hunks: unknown; additions: number; deletions: number; binary: boolean; position: number; version: number; updatedAt: Date;
};

export type TDiffFileDto = ReturnType<typeof toDiffFileDto>;

export function toDiffFileDto(row: TDiffFileRow) {
  return { ...row, hunks: readHunkDecisions(row.hunks) };
}
