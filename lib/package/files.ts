// Pure: a package ⇄ the files of its native export. Every file is a lossless slice of the
// content, so the files alone give back the same content and the same hash.
import { renderHistory } from "../contract/render-history";
import { sha256Hex } from "./hash";
import { ZPackageSchema, type TAnnotation, type TPackage } from "./types";

export type TPackageFile = { path: string; content: string };

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const safe = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80) || "patch";

export const MANIFEST = "MANIFEST";
export const ANNOTATIONS = "annotations.json";
export const ENVIRONMENT = "environment.json";

export function patchFileName(index: number, patch: { kind: string; name: string }) {
  return `patches/${String(index + 1).padStart(2, "0")}-${patch.kind}-${safe(patch.name)}.patch`;
}

/** The native export's files, MANIFEST last (a sha256 per file, then the package id). */
export function packageToFiles(content: TPackage, hash: string, annotations: TAnnotation[]): TPackageFile[] {
  const { schema, family, provenance, protocol, contract, verifier, patches, histories, traces, audit, construction_audit, environment } = content;
  const { hiddenTestPatch, ...verifierRest } = verifier;
  const files: TPackageFile[] = [
    { path: "task.json", content: json({ schema, package: hash, family, provenance, protocol, histories: histories.map((h) => h.condition) }) },
    { path: "contract.json", content: json(contract) },
    { path: "verifier/verifier.json", content: json(verifierRest) },
    ...(environment ? [{ path: ENVIRONMENT, content: json(environment) }] : []),
    { path: "verifier/hidden_tests.patch", content: hiddenTestPatch },
    { path: "patches/index.json", content: json(patches.map(({ diff: _diff, ...meta }, i) => ({ ...meta, file: patchFileName(i, meta) }))) },
    ...patches.map((p, i) => ({ path: patchFileName(i, p), content: p.diff })),
    ...histories.flatMap((h) => [
      { path: `histories/${h.condition}.md`, content: renderHistory(h.turns, { ...protocol, historyFormat: "markdown" }).content },
      { path: `histories/${h.condition}.json`, content: json(h) },
    ]),
    ...traces.map((t) => ({ path: `traces/${t.condition}.json`, content: json(t) })),
    { path: "audit.json", content: json({ construction_audit, ...audit }) },
    { path: ANNOTATIONS, content: json({ package: hash, annotations }) },
  ];
  return [...files, { path: MANIFEST, content: manifestOf(files, hash) }];
}

export function manifestOf(files: readonly TPackageFile[], hash: string): string {
  const lines = files.filter((f) => f.path !== MANIFEST).map((f) => `${sha256Hex(f.content)}  ${f.path}`);
  return `package ${hash}\n${lines.join("\n")}\n`;
}

export class PackageImportError extends Error {
  constructor(message: string, readonly file: string | null) {
    super(message);
    this.name = "PackageImportError";
  }
}

/** Checks every file against the MANIFEST (naming the first one that differs) and rebuilds the content. */
export function filesToPackage(files: ReadonlyMap<string, string>): { content: TPackage; hash: string; annotations: TAnnotation[] } {
  const manifest = files.get(MANIFEST);
  if (manifest === undefined) throw new PackageImportError("The package has no MANIFEST.", MANIFEST);
  const [head, ...lines] = manifest.trimEnd().split("\n");
  const hash = /^package ([0-9a-f]{64})$/.exec(head ?? "")?.[1];
  if (!hash) throw new PackageImportError("The MANIFEST does not start with the package id.", MANIFEST);
  const listed = new Set<string>();
  for (const line of lines) {
    const m = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (!m) throw new PackageImportError(`The MANIFEST line "${line.slice(0, 80)}" is not "<sha256>  <path>".`, MANIFEST);
    const [, digest, path] = m as unknown as [string, string, string];
    listed.add(path);
    const text = files.get(path);
    if (text === undefined) throw new PackageImportError(`${path} is listed in the MANIFEST but missing.`, path);
    if (sha256Hex(text) !== digest) throw new PackageImportError(`${path} does not match its sha256 in the MANIFEST: the file was changed.`, path);
  }
  for (const path of files.keys()) if (path !== MANIFEST && !listed.has(path)) throw new PackageImportError(`${path} is not listed in the MANIFEST.`, path);

  const read = (path: string) => {
    const text = files.get(path);
    if (text === undefined) throw new PackageImportError(`${path} is missing.`, path);
    return text;
  };
  const parse = (path: string): any => {
    try {
      return JSON.parse(read(path));
    } catch {
      throw new PackageImportError(`${path} is not valid JSON.`, path);
    }
  };
  const task = parse("task.json");
  const verifier = parse("verifier/verifier.json");
  const patchIndex = parse("patches/index.json") as { file: string }[];
  const conditions = task.histories as string[];
  const { construction_audit, ...audit } = parse("audit.json");
  const candidate = {
    schema: task.schema,
    family: task.family,
    provenance: task.provenance,
    contract: parse("contract.json"),
    verifier: { ...verifier, hiddenTestPatch: read("verifier/hidden_tests.patch") },
    ...(files.has(ENVIRONMENT) ? { environment: parse(ENVIRONMENT) } : {}),
    protocol: task.protocol,
    patches: patchIndex.map(({ file, ...meta }) => ({ ...meta, diff: read(file) })),
    histories: conditions.map((c) => parse(`histories/${c}.json`)),
    traces: conditions.map((c) => parse(`traces/${c}.json`)),
    audit,
    construction_audit,
  };
  const parsed = ZPackageSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new PackageImportError(`The package content is malformed at ${issue.path.join(".")}: ${issue.message}`, null);
  }
  const annotations = files.has(ANNOTATIONS) ? ((parse(ANNOTATIONS).annotations ?? []) as TAnnotation[]) : [];
  return { content: parsed.data, hash, annotations };
}
