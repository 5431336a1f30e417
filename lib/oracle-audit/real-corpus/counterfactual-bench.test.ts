import { describe, expect, it } from "vitest";
import { __forTest, findingDependency } from "../../../bench/oracle-audit-counterfactuals";
import { dependencyKey } from "../findings";
import type { TDependency } from "../types";

const dep = (d: Partial<TDependency> & Pick<TDependency, "kind" | "value">): TDependency =>
  ({ module: null, owner: null, via: "member", match: null, line: 1, ...d }) as TDependency;

describe("the counterfactual bench finds the dependency a finding names (branch cf8)", () => {
  // A keyword or option is one per function: its finding's key carries the owner (`…:static_fields@JsonFormatter`).
  // Matched by kind, module and value alone, no dependency had that key and the finding was skipped, neither run
  // nor counted (python-json-logger static_fields / rename_fields, whatwg-mimetype allowParameters).
  it("finds a keyword by the key with its owner", () => {
    const kw = dep({ kind: "name", module: "pythonjsonlogger.jsonlogger", value: "static_fields", owner: "JsonFormatter", via: "option" });
    const other = dep({ kind: "name", module: "pythonjsonlogger.jsonlogger", value: "static_fields", owner: "wrap", via: "option" });
    expect(dependencyKey(kw)).toBe("name:pythonjsonlogger.jsonlogger:static_fields@JsonFormatter");
    expect(findingDependency([other, kw], dependencyKey(kw))).toBe(kw);
  });

  it("finds a plain name by its key, and nothing for a key no dependency has", () => {
    const name = dep({ kind: "name", module: "..", value: "parse", owner: "MIMEType", via: "member" });
    expect(findingDependency([name], "name:..:parse")).toBe(name);
    expect(findingDependency([name], "name:..:parse@MIMEType")).toBeUndefined();
  });
});

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
