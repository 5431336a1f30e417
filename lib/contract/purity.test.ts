import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The engine runs in the browser, the workers, the CLI and the tests alike.
const FORBIDDEN = /from\s+["'](node:[^"']*|fs|path|child_process|next(\/[^"']*)?|@prisma\/[^"']*|server-only|@\/lib\/db[^"']*)["']|\bfetch\(/;

describe("pure modules", () => {
  for (const dir of ["lib/contract", "lib/gates"]) {
    it(`${dir} imports no Next, Prisma or Node I/O`, () => {
      const root = path.resolve(import.meta.dirname, "..", "..", dir);
      const sources = readdirSync(root).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
      expect(sources.length).toBeGreaterThan(0);
      for (const file of sources) expect(readFileSync(path.join(root, file), "utf8"), file).not.toMatch(FORBIDDEN);
    });
  }
});
