import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors/app-error";
import { ZPackageSchema, type TAnnotation, type TPackage } from "./types";

export type TFrozenPackage = { id: string; familyId: string; hash: string; frozenAt: string; frozenBy: string | null; content: TPackage; annotations: TAnnotation[] };

const select = {
  id: true, familyId: true, hash: true, content: true, frozenAt: true, frozenBy: { select: { name: true } },
  annotations: { orderBy: { createdAt: "asc" as const }, select: { kind: true, body: true, rationale: true, createdAt: true, author: { select: { name: true } } } },
};

/** A frozen package by family id or by hash; its stored content as the schema reads it. */
export async function loadFrozenPackage(ref: { familyId: string } | { hash: string }, client: DbOrTx = db()): Promise<TFrozenPackage> {
  const row = await client.package.findFirst({
    where: { ...("hash" in ref ? { hash: ref.hash } : { familyId: ref.familyId }), frozenAt: { not: null } },
    orderBy: { frozenAt: "asc" },
    select,
  });
  if (!row) throw "hash" in ref ? notFound("Package", ref.hash) : new AppError("NOT_FOUND", "This task family has no frozen package yet.");
  return {
    id: row.id, familyId: row.familyId, hash: row.hash, frozenAt: row.frozenAt!.toISOString(), frozenBy: row.frozenBy?.name ?? null,
    content: ZPackageSchema.parse(row.content),
    annotations: row.annotations.map((a) => ({ kind: a.kind as TAnnotation["kind"], body: a.body, rationale: a.rationale, author: a.author.name, createdAt: a.createdAt.toISOString() })),
  };
}
