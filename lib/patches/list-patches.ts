import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import { safeParseDiff } from "@/lib/git/diff";
import type { TPatchDto, TPatchesDto } from "@/lib/schemas/patches";
import { diffStats } from "./patch-rules";
import { patchSelect } from "./patch-select";
import { sliceDefaults } from "./slice-defaults";

type TPatchRow = { id: string; kind: string; name: string; targetAtomId: string | null; targetAtom: { key: string } | null; mode: string | null; diff: string; version: number; updatedAt: Date };

export function toPatchDto(row: TPatchRow): TPatchDto {
  const parsed = safeParseDiff(row.diff.endsWith("\n") ? row.diff : `${row.diff}\n`);
  return {
    id: row.id,
    kind: row.kind as TPatchDto["kind"],
    name: row.name,
    targetAtomId: row.targetAtomId,
    targetAtomKey: row.targetAtom?.key ?? null,
    mode: row.mode as TPatchDto["mode"],
    diff: row.diff,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    stats: parsed.ok ? diffStats(parsed.diff) : { files: 0, additions: 0, deletions: 0 },
  };
}

const KIND_ORDER = { gold: 0, negative: 1, alternative: 2 } as Record<string, number>;

export async function listPatches(familyId: string, client: DbOrTx = db()): Promise<TPatchesDto> {
  // One query at a time: `client` may be a transaction, one connection.
  const rows = await client.patch.findMany({ where: { familyId, kind: { not: "hidden_tests" } }, select: patchSelect, orderBy: [{ createdAt: "asc" }] });
  const finals = await client.atom.findMany({ where: { familyId, status: "accepted", role: "final" }, select: { id: true, key: true }, orderBy: [{ position: "asc" }] });
  const patches = rows.map(toPatchDto).sort((a, b) => (KIND_ORDER[a.kind] ?? 9) - (KIND_ORDER[b.kind] ?? 9));
  const targeted = new Set(patches.filter((p) => p.kind === "negative").map((p) => p.targetAtomId));
  const hasGold = patches.some((p) => p.kind === "gold");
  return {
    patches,
    defaultGold: hasGold ? "" : (await sliceDefaults(client, familyId)).gold,
    finalAtomsWithoutNegative: finals.filter((a) => !targeted.has(a.id)).map((a) => a.key),
  };
}
