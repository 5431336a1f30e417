import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The package's pure half (canonical JSON, hashing, files, exports' content) runs in the
// browser, the CLI and the workers alike; the I/O half (loading, tar, git) is server-only.
const FORBIDDEN = /from\s+["'](node:[^"']*|fs|path|child_process|next(\/[^"']*)?|@prisma\/[^"']*|server-only|@\/lib\/db[^"']*)["']|\bfetch\(/;
const PURE = ["canonical.ts", "hash.ts", "types.ts", "envelope.ts", "files.ts", "swebench.ts", "harbor.ts", "diff.ts", "test-fixtures.ts", "environment.ts"];

describe("lib/package pure modules", () => {
  it("open with // Pure: and import no Next, Prisma or Node I/O", () => {
    const root = import.meta.dirname;
    const sources = readdirSync(root).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    for (const file of PURE) expect(sources, file).toContain(file);
    for (const file of sources) {
      const text = readFileSync(path.join(root, file), "utf8");
      if (PURE.includes(file)) {
        expect(text.startsWith("// Pure:"), file).toBe(true);
        expect(text, file).not.toMatch(FORBIDDEN);
      } else {
        expect(text.startsWith('import "server-only";') || text.startsWith("// Pure:"), file).toBe(true);
      }
    }
  });
});
