import "server-only";
import { db, type Prisma } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError } from "@/lib/errors/app-error";
import { findBadText } from "@/lib/http/text-rule";
import { canonicalJson } from "./canonical";
import { filesToPackage, PackageImportError } from "./files";
import { packageHash } from "./hash";
import { readTarGz } from "./native-export";

export type TImportResult = { hash: string; familyId: string; packageId: string; created: boolean };

/**
 * Imports a native package (.tar.gz): every file checked against the MANIFEST, the content
 * re-hashed (must equal the package id), then stored as a frozen family of its own. Importing
 * a package that is already here changes nothing and returns the one already stored.
 */
export async function importPackage(actorId: string | null, file: string): Promise<TImportResult> {
  let files: Map<string, string>;
  try {
    files = await readTarGz(file);
  } catch (error) {
    throw new AppError("INVALID_INPUT", `The file is not a readable .tar.gz package: ${(error as Error).message}`);
  }
  let parsed: ReturnType<typeof filesToPackage>;
  try {
    parsed = filesToPackage(files);
  } catch (error) {
    if (error instanceof PackageImportError) {
      throw new AppError("UNPROCESSABLE", `Import refused: ${error.message}`, { fieldErrors: error.file ? { [error.file]: [error.message] } : undefined });
    }
    throw error;
  }
  const { content, hash, annotations } = parsed;
  // The API's text rule holds for a package file too (NUL, lone surrogates, nesting): refused in words, not by PostgreSQL.
  const bad = findBadText({ content, annotations });
  if (bad) throw new AppError("INVALID_INPUT", `Import refused: ${bad.field} ${bad.problem}.`, { fieldErrors: { [bad.field]: [bad.problem] } });
  const actual = packageHash(content);
  if (actual !== hash) throw new AppError("UNPROCESSABLE", `Import refused: the content hashes to ${actual}, not to the package id ${hash} in the MANIFEST.`);

  return db().$transaction(async (tx) => {
    const existing = await tx.package.findUnique({ where: { hash }, select: { id: true, familyId: true } });
    if (existing) return { hash, familyId: existing.familyId, packageId: existing.id, created: false };
    const suite = await tx.suite.upsert({ where: { name: content.family.suite }, create: { name: content.family.suite, description: "Imported packages." }, update: {} });
    const clash = await tx.taskFamily.findFirst({
      where: { suiteId: suite.id, repo: content.provenance.repo, mergeCommit: content.provenance.mergeCommit, familyVersion: content.family.version },
      select: { id: true },
    });
    const target = clash ? await tx.suite.upsert({ where: { name: `${content.family.suite} (imported)` }, create: { name: `${content.family.suite} (imported)` }, update: {} }) : suite;
    const family = await tx.taskFamily.create({
      data: {
        suiteId: target.id, title: content.family.title, repo: content.provenance.repo, prNumber: content.provenance.prNumber,
        baseCommit: content.provenance.baseCommit, mergeCommit: content.provenance.mergeCommit, familyVersion: content.family.version, stage: "frozen",
      },
    });
    const pkg = await tx.package.create({
      data: { familyId: family.id, hash, content: JSON.parse(canonicalJson(content)) as Prisma.InputJsonObject, frozenById: actorId, frozenAt: new Date() },
    });
    if (actorId) {
      for (const a of annotations) {
        await tx.packageAnnotation.create({ data: { packageId: pkg.id, authorId: actorId, kind: a.kind, body: a.body, rationale: `${a.rationale} (imported; by ${a.author}, ${a.createdAt})` } });
      }
    }
    await recordEvent(tx, { actorId, action: "package.import", entity: "Package", entityId: pkg.id, familyId: family.id, after: { hash, annotations: annotations.length } });
    return { hash, familyId: family.id, packageId: pkg.id, created: true };
  });
}
