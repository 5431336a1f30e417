import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// lib/oracle-audit is pure except its loaders: the runs over files lib/syntax parses (audit-files),
// and the real corpus's loader and measurement run.
const LOADERS = new Set(["audit-files.ts", "real-corpus/load.ts", "real-corpus/measure.ts"]);
const FORBIDDEN = /from\s+["'](node:[^"']*|fs|path|child_process|web-tree-sitter|next(\/[^"']*)?|@prisma\/[^"']*|server-only|@\/lib\/db[^"']*)["']|\bfetch\(/;
const ROOT = path.resolve(import.meta.dirname);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const full = path.join(dir, f);
    if (statSync(full).isDirectory()) return sources(full);
    return f.endsWith(".ts") && !f.endsWith(".test.ts") ? [path.relative(ROOT, full)] : [];
  });
}

describe("oracle-audit purity", () => {
  const files = sources(ROOT);
  it("every file but the named loaders opens with // Pure:", () => {
    expect(files.filter((f) => !LOADERS.has(f) && !readFileSync(path.join(ROOT, f), "utf8").startsWith("// Pure:"))).toEqual([]);
  });
  it("pure files import no Next, Prisma, Node I/O, tree-sitter, or a loader", () => {
    for (const file of files.filter((f) => !LOADERS.has(f))) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      expect(text, file).not.toMatch(FORBIDDEN);
      expect(text, file).not.toMatch(/from\s+["'][^"']*(parse-source|audit-files|corpus\/evaluate|\.\/evaluate)["']/);
    }
  });
});
