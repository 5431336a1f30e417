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

describe("a probe maps to the executed id of its own file (intervaltree's two str_test.py)", () => {
  // intervaltree-subclass-instances (held-out 16): test/interval_methods/str_test.py and test/node_methods/str_test.py
  // both end in `.str_test`; the first executed id that ended so was taken for both, and the run spec refused the repeat.
  it("prefers the executed id whose dotted path is the probe's whole path", () => {
    const executed = ["test.interval_methods.str_test::test_str_type", "test.node_methods.str_test::test_str_type"];
    expect(__forTest.executedIdOf("test/node_methods/str_test.py::test_str_type", executed)).toBe("test.node_methods.str_test::test_str_type");
    expect(__forTest.executedIdOf("test/interval_methods/str_test.py::test_str_type", executed)).toBe("test.interval_methods.str_test::test_str_type");
  });
  it("still maps a probe whose report names a shorter module", () => {
    expect(__forTest.executedIdOf("tests/test_more.py::Case::test_x", ["test_more.Case::test_x"])).toBe("test_more.Case::test_x");
    expect(__forTest.executedIdOf("tests/test_more.py::Case::test_x", ["other::test_y"])).toBeNull();
  });
});
