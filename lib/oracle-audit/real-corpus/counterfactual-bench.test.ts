import { describe, expect, it } from "vitest";
import { __forTest } from "../../../bench/oracle-audit-counterfactuals";

describe("a probe named as the runner of its file names it (branch cf8)", () => {
  // node-tap's own runner (`tap --reporter=tap a.test.js b.test.js`) runs every file in its own process and nests its
  // tests under a subtest named by the file's path: `test/emit-unlimited.test.js > emit should …` is the case's
  // `emit should …` (process-warning-unlimited; in one process for both files, index.test.js's top-level
  // `process.removeAllListeners('warning')` took the other file's listener, and gold failed that probe).
  it("maps `file > title` to the case's title, and to `file::title`", () => {
    const same = __forTest.sameTest;
    expect(same("emit should emit a given code unlimited times", "test/emit-unlimited.test.js > emit should emit a given code unlimited times")).toBe(true);
    expect(same("test/emit-unlimited.test.js::emit should emit", "test/emit-unlimited.test.js > emit should emit")).toBe(true);
  });

  it("does not map a parent test's name, another title, or a path that is no test file", () => {
    const same = __forTest.sameTest;
    expect(same("emit should emit", "test/emit-unlimited.test.js")).toBe(false);
    expect(same("emit should emit", "test/emit-unlimited.test.js > emit should not emit")).toBe(false);
    expect(same("emit should emit", "outer suite > emit should emit")).toBe(false);
  });
});
