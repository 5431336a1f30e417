// Pure: what one language file gives the audit. Adding a language = one file in
// languages/ implementing this, listed in languages/index.ts, and its grammar in lib/syntax/languages.ts.
import type { TSourceLanguage } from "@/lib/syntax/languages";
import type { TParsedFile } from "@/lib/syntax/types";
import type { TFileDefinitions, TTestExtraction } from "./types";

/** A language lib/syntax parses (its id, extensions and grammar), with what the audit reads in it. */
export interface TLanguage extends TSourceLanguage {
  /** What a hidden name or path blocks: the build unit, in the words of this language. */
  unit: string;
  isTestFile(path: string): boolean;
  /** Test-support code among the test files (a test package's `__init__`, a helpers module): tests import names
   * from it, so its definitions are read; its literals and local variables are not the library's. */
  isSupportModule?(path: string): boolean;
  extractTests(file: TParsedFile): TTestExtraction;
  extractDefinitions(file: TParsedFile): TFileDefinitions;
  /** The repository file a specifier names from `fromFile`, or null. */
  resolveModule(specifier: string, fromFile: string, files: ReadonlySet<string>): string | null;
  /** A package outside the repository (not something gold could have introduced). */
  isExternal(specifier: string): boolean;
}

/**
 * A record keyed by the repository's own names, with no prototype: a function named `toString` or `constructor` is
 * looked up as itself, never as what every plain object inherits (held-out 22's mdast-util-to-string crashed on
 * `arity["toString"]`).
 */
export const ownKeys = <T>(entries?: Readonly<Record<string, T>>): Record<string, T> => Object.assign(Object.create(null) as Record<string, T>, entries);

export const emptyDefinitions = (file: string): TFileDefinitions => ({
  file, names: [], qualified: [], classes: [], arity: ownKeys(), params: ownKeys(), strings: [], templates: [], numbers: [], properties: [], reexportsAll: false, reexports: [], all: null, lines: ownKeys(),
});

/** Definitions as a cache gives them back (plain objects again) with every name-keyed record made `ownKeys`. */
export const withOwnKeys = (d: TFileDefinitions): TFileDefinitions => ({
  ...d,
  arity: ownKeys(d.arity), params: ownKeys(d.params), lines: ownKeys(d.lines),
  ...(d.kwargsKeys ? { kwargsKeys: ownKeys(d.kwargsKeys) } : {}),
  ...(d.returnsClass ? { returnsClass: ownKeys(d.returnsClass) } : {}),
  ...(d.returnsType ? { returnsType: ownKeys(d.returnsType) } : {}),
  ...(d.instanceOf ? { instanceOf: ownKeys(d.instanceOf) } : {}),
  ...(d.attributeClass ? { attributeClass: ownKeys(d.attributeClass) } : {}),
  ...(d.parameterCalls ? { parameterCalls: ownKeys(d.parameterCalls) } : {}),
  ...(d.importBindings ? { importBindings: ownKeys(d.importBindings) } : {}),
});

/** Code that is not the library: examples, docs, scripts, benchmarks. Its local variables define nothing. */
export const isNonLibraryPath = (p: string) => /(^|\/)(examples?|demos?|docs?|scripts?|benchmarks?|bench|samples?|tools)\//.test(p);

export function dirname(p: string): string {
  const i = p.lastIndexOf("/");
  return i === -1 ? "" : p.slice(0, i);
}

/** `a/b/../c` → `a/c`; null when it climbs out of the repository. */
export function normalizePath(p: string): string | null {
  const out: string[] = [];
  for (const part of p.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join("/");
}
