import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// lib/oracle-audit holds the audit's rules and its data access side by side (README "Layout"): a rule
// opens with `// Pure:` and reaches no I/O, not even through another file of the folder; an I/O file opens
// with `import "server-only";`. Except the loaders the real-corpus bench runs under plain tsx (no
// react-server condition, so "server-only" would throw there): the runs over the files lib/syntax parses
// (audit-files) and the real corpus's loader and measurement run, named here.
const BENCH_LOADERS = new Set(["audit-files.ts", "real-corpus/load.ts", "real-corpus/measure.ts", "real-corpus/base-runs.ts"]);
const FORBIDDEN = /from\s+["'](node:[^"']*|fs|path|child_process|web-tree-sitter|next(\/[^"']*)?|@prisma\/[^"']*|server-only|@\/lib\/db[^"']*)["']|\bfetch\(/;
const IMPORT = /(?:from|import)\s*\(?\s*["']([^"']+)["']/g;
const ROOT = path.resolve(import.meta.dirname);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const full = path.join(dir, f);
    if (statSync(full).isDirectory()) return sources(full);
    return f.endsWith(".ts") && !f.endsWith(".test.ts") ? [path.relative(ROOT, full)] : [];
  });
}

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const opensPure = (text: string) => text.startsWith("// Pure:");
const opensServerOnly = (text: string) => /^import ["']server-only["'];?\s*$/.test(text.split("\n")[0] ?? "");

/** The file of this folder an import names (relative, or `@/lib/oracle-audit/…`), or null for one outside it. */
function inFolder(from: string, spec: string): string | null {
  const rel = spec.startsWith("@/lib/oracle-audit/") ? spec.slice("@/lib/oracle-audit/".length)
    : spec.startsWith(".") ? path.posix.join(path.posix.dirname(from), spec) : null;
  if (rel === null || rel.startsWith("..")) return null;
  for (const candidate of [rel, `${rel}.ts`, `${rel}/index.ts`]) {
    try {
      if (statSync(path.join(ROOT, candidate)).isFile()) return candidate;
    } catch {
      // try the next spelling
    }
  }
  return rel;
}

describe("oracle-audit: rules and I/O side by side", () => {
  const files = sources(ROOT);
  const pure = files.filter((f) => opensPure(read(f)));
  const io = files.filter((f) => !opensPure(read(f)));

  it("reads both kinds (the check is not vacuous)", () => {
    expect(pure).toEqual(expect.arrayContaining(["classify.ts", "findings.ts", "languages/javascript.ts", "waivers.ts"]));
    expect(io).toEqual(expect.arrayContaining(["save-oracle-audit.ts", "place-addendum.ts", "testing/sse-family.ts", ...BENCH_LOADERS]));
  });

  it('every file opens with // Pure: or import "server-only", but the named bench loaders (which must not)', () => {
    expect(io.filter((f) => !BENCH_LOADERS.has(f) && !opensServerOnly(read(f)))).toEqual([]);
    expect([...BENCH_LOADERS].filter((f) => opensServerOnly(read(f)))).toEqual([]);
  });

  it("pure files import no Next, Prisma, Node I/O, tree-sitter, the test corpus, or an I/O file of the folder", () => {
    for (const file of pure) {
      const text = read(file);
      expect(text, file).not.toMatch(FORBIDDEN);
      expect(text, file).not.toMatch(/from\s+["'][^"']*(parse-source|corpus\/evaluate|\.\/evaluate)["']/);
      for (const [, spec] of text.matchAll(IMPORT)) {
        const target = inFolder(file, spec!);
        if (target !== null) expect(io.includes(target), `${file} imports ${spec}, an I/O file`).toBe(false);
      }
    }
  });
});
