import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Pure modules run in the browser, the workers, the CLI and the tests alike: no
// Next, Prisma, Node I/O or network, and they import only other pure modules.
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const FORBIDDEN = /from\s+["'](node:[^"']*|fs|path|child_process|next(\/[^"']*)?|@prisma\/[^"']*|server-only|@\/lib\/db[^"']*)["']|\bfetch\(/;
/** Folders that are pure throughout (subfolders included), except tests. */
const PURE_DIRS = ["lib/contract", "lib/gates", "lib/grading"];
/** I/O that must not carry "server-only", and why. */
const CLIENT_OR_BUNDLED: Record<string, string> = {
  "lib/http/api-client.ts": "the browser's fetch for the JSON API",
  "lib/package/bundles/signature-entry.ts": "bundled into each Harbor task, run there by a plain node",
  "lib/package/bundles/tap-log-entry.ts": "bundled into the SWE-bench eval script, run there by a plain node",
  "lib/package/bundles/tap-log-junit-entry.ts": "bundled into the SWE-bench eval script, run there by a plain node",
  "lib/package/bundles/tap-log-tap-entry.ts": "bundled into the SWE-bench eval script, run there by a plain node",
  "lib/db/client.ts": "the e2e seeders import it, and the Playwright runner loads specs in its own process, under no condition",
  "lib/db/embedded.ts": "the e2e seeders import it, and the Playwright runner loads specs in its own process, under no condition",
  "lib/db/roles.ts": "the e2e seeders import it, and the Playwright runner loads specs in its own process, under no condition",
  "lib/demo/build-demo-family.ts": "the e2e seeders import it, and the Playwright runner loads specs in its own process, under no condition",
  "lib/demo/demo-family.ts": "the e2e seeders import it, and the Playwright runner loads specs in its own process, under no condition",
  "lib/demo/demo-repo.ts": "the e2e seeders import it, and the Playwright runner loads specs in its own process, under no condition",
  "lib/demo/patch-from-files.ts": "the e2e seeders import it, and the Playwright runner loads specs in its own process, under no condition",
  "lib/git/run-git.ts": "the e2e seeders import it (through lib/runner/host.ts), and the Playwright runner loads specs in its own process, under no condition",
  "lib/runner/host.ts": "the e2e seeders import it, and the Playwright runner loads specs in its own process, under no condition",
  "lib/runner/testing/git-fixture.ts": "the e2e seeders import it, and the Playwright runner loads specs in its own process, under no condition",
  "lib/testing/curator-family.ts": "the e2e seeders import it, and the Playwright runner loads specs in its own process, under no condition",
  "lib/syntax/parse-source.ts": "the oracle audit's real-corpus bench runs it by `npx tsx bench/oracle-audit-real-corpus.ts`, under no condition",
  "lib/oracle-audit/audit-files.ts": "the oracle audit's real-corpus bench runs it by `npx tsx bench/oracle-audit-real-corpus.ts`, under no condition",
  "lib/oracle-audit/real-corpus/load.ts": "the oracle audit's real-corpus bench runs it by `npx tsx bench/oracle-audit-real-corpus.ts`, under no condition",
  "lib/oracle-audit/real-corpus/measure.ts": "the oracle audit's real-corpus bench runs it by `npx tsx bench/oracle-audit-real-corpus.ts`, under no condition",
  "lib/oracle-audit/real-corpus/base-runs.ts": "the oracle audit's real-corpus bench runs it by `npx tsx bench/oracle-audit-real-corpus.ts`, under no condition",
};
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
    ...PURE_DIRS.flatMap(sourcesUnder),
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

// The one convention (README "Layout"): rules and I/O side by side in each feature folder; a rule
// file opens with `// Pure:`, an I/O file with `import "server-only";` (the worker, the CLI and the
// scripts run under the react-server condition, so it loads there; a client bundle refuses it).
describe("every file under lib says which it is", () => {
  const libFiles = sourcesUnder("lib");

  it("reads the files of lib", () => {
    expect(libFiles.length).toBeGreaterThan(200);
  });

  for (const file of libFiles) {
    it(`${file} opens with // Pure: or import "server-only"`, () => {
      expect(headerProblem(file, read(file)), file).toBeNull();
    });
  }

  it("names a file that opens with neither, and an I/O file calling itself pure", () => {
    expect(headerProblem("lib/x/load-x.ts", 'import { db } from "@/lib/db";\n')).toMatch(/opens with neither/);
    expect(headerProblem("lib/x/load-x.ts", '// Loads x.\nimport "server-only";\n')).toMatch(/opens with neither/);
    expect(headerProblem("lib/x/rule.ts", '// Pure: a rule.\nimport { db } from "@/lib/db";\n')).toMatch(/not pure/);
    expect(headerProblem("lib/http/api-client.ts", 'import "server-only";\n')).toMatch(/must not/);
    expect(headerProblem("lib/x/rule.ts", "// Pure: a rule.\nexport const x = 1;\n")).toBeNull();
    expect(headerProblem("lib/x/load-x.ts", 'import "server-only";\nimport { db } from "@/lib/db";\n')).toBeNull();
  });
});

function headerProblem(file: string, text: string): string | null {
  const opensPureText = text.trimStart().startsWith("// Pure:");
  const opensServerOnly = /^import ["']server-only["'];?\s*$/m.test(text.trimStart().split("\n")[0] ?? "");
  if (file in CLIENT_OR_BUNDLED) return opensServerOnly ? `${file} must not import "server-only": ${CLIENT_OR_BUNDLED[file]}` : null;
  if (opensPureText) return FORBIDDEN.test(text) ? `${file} opens with // Pure: but is not pure (it imports I/O)` : null;
  if (opensServerOnly) return null;
  return `${file} opens with neither // Pure: (rules) nor import "server-only" (I/O)`;
}
