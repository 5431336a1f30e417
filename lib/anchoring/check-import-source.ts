import "server-only";
// The I/O half of the import source policy (source-policy.ts): the roots and
// allowed hosts from the runtime settings, where a path really is, what a
// clone URL's host resolves to.
import { lookup } from "node:dns/promises";
import { realpath } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { ZImportSourcesValueSchema } from "@/lib/schemas/settings";
import { studioDataDir } from "@/lib/runner/mirror";
import { judgeSource, sourceTarget, type TSourcePolicy } from "./source-policy";

export const IMPORT_SOURCES_KEY = "imports.sources";

/** Allowed without any setting: the demo repositories' folder, and what STUDIO_IMPORT_ROOTS lists (colon-separated, for operators and tests). */
export function defaultImportRoots(): string[] {
  const fromEnv = (process.env.STUDIO_IMPORT_ROOTS ?? "").split(":").filter((dir) => path.isAbsolute(dir));
  return [path.join(studioDataDir(), "demo-repos"), ...fromEnv];
}

/** The stored setting (roots and hosts an admin added), or empty lists. */
export async function storedImportSources(): Promise<{ roots: string[]; allowedHosts: string[]; version: number }> {
  const row = await db().setting.findUnique({ where: { key: IMPORT_SOURCES_KEY } });
  const value = ZImportSourcesValueSchema.safeParse(row?.value);
  return { roots: value.data?.roots ?? [], allowedHosts: value.data?.allowedHosts ?? [], version: row?.version ?? 0 };
}

export async function importSourcePolicy(): Promise<TSourcePolicy> {
  const stored = await storedImportSources();
  const roots = await Promise.all([...defaultImportRoots(), ...stored.roots].map((root) => realpath(root).catch(() => path.resolve(root))));
  return { roots: [...new Set(roots)], allowedHosts: stored.allowedHosts };
}

/** Throws a 400 naming `repo` when the source is outside what the studio may read. */
export async function assertImportSourceAllowed(source: string): Promise<void> {
  const target = sourceTarget(source);
  const refuse = (reason: string) => {
    throw new AppError("INVALID_INPUT", `Invalid request body — repo: ${source} ${reason}`, { fieldErrors: { repo: [reason] } });
  };
  if (typeof target === "string") return refuse(target);
  const policy = await importSourcePolicy();
  if (target.kind === "path") {
    const absolute = path.resolve(target.path);
    // A path that does not exist yet is judged where it would be; the import then says it is not a repository.
    const realPath = await realpath(absolute).catch(() => absolute);
    const verdict = judgeSource(target, policy, { realPath });
    if (!verdict.ok) refuse(verdict.reason);
    return;
  }
  const addresses = await lookup(target.host, { all: true }).then((found) => found.map((a) => a.address), () => []);
  const ownAddresses = Object.values(os.networkInterfaces()).flat().flatMap((a) => (a ? [a.address] : []));
  const verdict = judgeSource(target, policy, { addresses, ownAddresses });
  if (!verdict.ok) refuse(verdict.reason);
}
