import "server-only";
import { db, type Prisma } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError } from "@/lib/errors/app-error";
import { findBadText } from "@/lib/http/text-rule";
import { canonicalJson } from "./canonical";
import { filesToPackage, PackageImportError } from "./files";
import { packageHash } from "./hash";
import { packagesInArchive } from "./native-export";

export type TImportResult = { hash: string; familyId: string; packageId: string; created: boolean };

/**
 * Imports a native package (.tar.gz): every file checked against the MANIFEST, the content
 * re-hashed (must equal the package id), then stored as a frozen family of its own. Importing
 * a package that is already here changes nothing and returns the one already stored.
 */
export async function importPackage(actorId: string | null, file: string): Promise<TImportResult> {
  const [first] = await importArchive(actorId, file);
  return first!;
}

/**
 * Imports every package of an archive: one native package, or a suite archive (SUITE.json and a
 * folder per package). Each package is checked whole before any is stored; each is its own
 * transaction, so importing the same archive twice changes nothing.
 */
export async function importArchive(actorId: string | null, file: string): Promise<TImportResult[]> {
  let packages: Map<string, string>[];
  try {
    packages = await packagesInArchive(file);
  } catch (error) {
    throw new AppError("INVALID_INPUT", `The file is not a readable .tar.gz package: ${(error as Error).message}`);
  }
  if (packages.length === 0) throw new AppError("INVALID_INPUT", "The archive holds no package.");
  const checked = packages.map((files) => checkPackage(files));
  const results: TImportResult[] = [];
  for (const parsed of checked) results.push(await storePackage(actorId, parsed));
  return results;
}

function checkPackage(files: Map<string, string>) {
  let parsed: ReturnType<typeof filesToPackage>;
  try {
    parsed = filesToPackage(files);
  } catch (error) {
    if (error instanceof PackageImportError) {
      throw new AppError("UNPROCESSABLE", `Import refused: ${error.message}`, { fieldErrors: error.file ? { [error.file]: [error.message] } : undefined });
    }
    throw error;
  }
  // The API's text rule holds for a package file too (NUL, lone surrogates, nesting): refused in words, not by PostgreSQL.
  const bad = findBadText({ content: parsed.content, annotations: parsed.annotations });
  if (bad) throw new AppError("INVALID_INPUT", `Import refused: ${bad.field} ${bad.problem}.`, { fieldErrors: { [bad.field]: [bad.problem] } });
  const actual = packageHash(parsed.content);
  if (actual !== parsed.hash) throw new AppError("UNPROCESSABLE", `Import refused: the content hashes to ${actual}, not to the package id ${parsed.hash} in the MANIFEST.`);
  return parsed;
}

async function storePackage(actorId: string | null, parsed: ReturnType<typeof filesToPackage>): Promise<TImportResult> {
  const { content, hash, annotations } = parsed;
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
        upstreamRepo: content.provenance.upstream ?? null, mergedAt: content.provenance.mergedAt ? new Date(content.provenance.mergedAt) : null,
        baseCommit: content.provenance.baseCommit, mergeCommit: content.provenance.mergeCommit, familyVersion: content.family.version, frozen: true,
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
