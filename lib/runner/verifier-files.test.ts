// The hidden test patch is applied once per worker for the same patch on the same base files
// (issue 24), and again as soon as either differs; a patch that does not apply is never cached.
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hiddenTestFiles } from "./verifier-files";

const PATCH = `diff --git a/test/a.test.js b/test/a.test.js
--- a/test/a.test.js
+++ b/test/a.test.js
@@ -1 +1,2 @@
 base line
+hidden line
`;

let prepared: string;
beforeAll(async () => {
  prepared = await mkdtemp(path.join(os.tmpdir(), "specpath-hidden-files-"));
  await writeFile(path.join(prepared, "package.json"), "{}\n");
  await mkdir(path.join(prepared, "test"));
  await writeFile(path.join(prepared, "test", "a.test.js"), "base line\n", { mode: 0o644 });
});
afterAll(async () => {
  await rm(prepared, { recursive: true, force: true });
});

describe("hiddenTestFiles", { timeout: 60_000 }, () => {
  it("applies the hidden patch to the base versions once, and again when a base file changes (here: its mode)", async () => {
    const first = hiddenTestFiles(PATCH, ["test/a.test.js"], prepared, { image: null });
    expect(hiddenTestFiles(PATCH, ["test/a.test.js"], prepared, { image: null })).toBe(first);
    expect((await first).get("test/a.test.js")?.content.toString()).toBe("base line\nhidden line\n");

    expect((await first).get("test/a.test.js")?.mode).toBe(0o644);
    await chmod(path.join(prepared, "test", "a.test.js"), 0o755);
    const changed = hiddenTestFiles(PATCH, ["test/a.test.js"], prepared, { image: null });
    expect(changed).not.toBe(first);
    expect((await changed).get("test/a.test.js")).toMatchObject({ mode: 0o755 });
  });

  it("refuses a hidden patch that does not apply as a setup failure, and tries it again next time", async () => {
    const stale = PATCH.replace(" base line", " a line that is not there");
    const attempt = hiddenTestFiles(stale, ["test/a.test.js"], prepared, { image: null });
    await expect(attempt).rejects.toMatchObject({ code: "setup_failed", message: expect.stringMatching(/^the hidden tests do not apply to the base/) });
    const again = hiddenTestFiles(stale, ["test/a.test.js"], prepared, { image: null });
    expect(again).not.toBe(attempt);
    await expect(again).rejects.toMatchObject({ code: "setup_failed" });
  });
});
