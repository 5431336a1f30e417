import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Pure modules run in the browser, the workers, the CLI and the tests alike: no
// Next, Prisma, Node I/O or network, and they import only other pure modules.
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const FORBIDDEN = /from\s+["'](node:[^"']*|fs|path|child_process|next(\/[^"']*)?|@prisma\/[^"']*|server-only|@\/lib\/db[^"']*)["']|\bfetch\(/;
/** Folders that are pure throughout (subfolders included), except tests and the loaders named below. */
const PURE_DIRS = ["lib/contract", "lib/gates", "lib/review", "lib/oracle-audit", "lib/grading"];
/** I/O loaders that live beside a pure folder's rules, by name. */
/** Stage 5 keeps its data access and one-per-file mutations beside the pure agreement rules (issue 13). */
const LOADERS = new Set([
  "lib/review/assign-default-pair.ts",
  "lib/review/assign-family.ts",
  "lib/review/assign-reviewer.ts",
  "lib/review/assignment-rules.ts",
  "lib/review/list-adjudication-queue.ts",
  "lib/review/list-adjudications.ts",
  "lib/review/list-inbox.ts",
  "lib/review/load-review-board.ts",
  "lib/review/load-suite-agreement.ts",
  "lib/review/record-adjudication.ts",
  "lib/review/reveal-review.ts",
  "lib/review/reviewer-projection.ts",
  "lib/review/save-review-draft.ts",
  "lib/review/send-to-review.ts",
  "lib/review/set-default-pair.ts",
  "lib/review/submit-review.ts",
  "lib/oracle-audit/parse-source.ts",
  "lib/oracle-audit/audit-files.ts",
  "lib/oracle-audit/real-corpus/load.ts",
  "lib/oracle-audit/real-corpus/measure.ts",
]);
const SEARCHED = ["lib", "workers", "components"];

function sourcesUnder(dir: string): string[] {
  const abs = path.join(ROOT, dir);
  let entries;
  try {
    entries = readdirSync(abs, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === "node_modules" || rel === "lib/db/generated" ? [] : sourcesUnder(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

const read = (rel: string) => readFileSync(path.join(ROOT, rel), "utf8");
const opensPure = (rel: string) => read(rel).trimStart().startsWith("// Pure:");

const pureFiles = [
  ...new Set([
    ...PURE_DIRS.flatMap(sourcesUnder).filter((f) => !LOADERS.has(f)),
    ...SEARCHED.flatMap(sourcesUnder).filter(opensPure),
  ]),
].sort();
const pureSet = new Set(pureFiles);

/** The repository file an import specifier names, or null for a package. */
function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    try {
      if (statSync(path.join(ROOT, candidate)).isFile()) return candidate;
    } catch {
      // try the next spelling
    }
  }
  return base;
}

describe("pure modules", () => {
  it("finds the pure folders and every file that opens with // Pure:", () => {
    expect(pureFiles).toEqual(expect.arrayContaining(["lib/contract/types.ts", "lib/gates/report.ts", "lib/gates/stages.ts", "lib/runs/matrix.ts"]));
  });

  for (const file of pureFiles) {
    it(`${file} imports no Next, Prisma or Node I/O, and only pure modules`, () => {
      const text = read(file);
      expect(text, file).not.toMatch(FORBIDDEN);
      for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
        const target = resolveImport(file, spec!);
        if (target !== null) expect(pureSet.has(target), `${file} imports ${spec}, which is not pure`).toBe(true);
      }
    });
  }
});
