import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { notFound } from "@/lib/errors/app-error";
import type { TAddAnnotation } from "./schemas";

/** Appends a known asymmetry or an erratum to a frozen package; the package and its hash never change. */
export async function addAnnotation(actorId: string, familyId: string, packageId: string, input: TAddAnnotation) {
  return db().$transaction(async (tx) => {
    const pkg = await tx.package.findFirst({ where: { id: packageId, familyId, frozenAt: { not: null } }, select: { id: true, hash: true } });
    if (!pkg) throw notFound("Frozen package", packageId);
    const annotation = await tx.packageAnnotation.create({
      data: { packageId, authorId: actorId, kind: input.kind, body: input.body, rationale: input.rationale },
      select: { id: true, kind: true, body: true, rationale: true, createdAt: true, author: { select: { name: true } } },
    });
    await recordEvent(tx, { actorId, action: "package.annotate", entity: "PackageAnnotation", entityId: annotation.id, familyId, after: { ...annotation, packageHash: pkg.hash } });
    return { ...annotation, createdAt: annotation.createdAt.toISOString(), author: annotation.author.name, packageHash: pkg.hash };
  });
}
