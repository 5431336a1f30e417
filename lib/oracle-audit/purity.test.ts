import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const FORBIDDEN = /from\s+["'](node:[^"']*|fs|path|child_process|web-tree-sitter|next(\/[^"']*)?|@prisma\/[^"']*|server-only|@\/lib\/db[^"']*)["']|\bfetch\(/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const full = path.join(dir, f);
    if (statSync(full).isDirectory()) return sources(full);
    return f.endsWith(".ts") && !f.endsWith(".test.ts") ? [full] : [];
  });
}

describe("oracle-audit purity", () => {
  it("files that open with // Pure: import no Next, Prisma, Node I/O or tree-sitter", () => {
    const root = path.resolve(import.meta.dirname);
    const pure = sources(root).filter((f) => readFileSync(f, "utf8").startsWith("// Pure:"));
    expect(pure.length).toBeGreaterThanOrEqual(10);
    for (const file of pure) expect(readFileSync(file, "utf8"), file).not.toMatch(FORBIDDEN);
  });
});
