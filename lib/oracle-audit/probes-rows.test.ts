import { describe, expect, it } from "vitest";
import { auditFiles, definitionsOfFiles, type TFiles } from "./audit-files";

// Blast radius rules of branch `recall` (analyzer 8): which expanded ids a row's value, a table's name, or a
// type-checked file's missing property fails.
async function findingsOf(base: TFiles, goldChanges: TFiles, tests: TFiles, text: string, probeTestIds: string[]) {
  const audit = await auditFiles({
    base: await definitionsOfFiles(base), gold: await definitionsOfFiles({ ...base, ...goldChanges, ...tests }), testFiles: tests,
    histories: [{ revisionId: "r", condition: "direct", text }], probeTestIds,
  });
  return Object.fromEntries(audit.histories[0]!.findings.map((f) => [f.name, f.probeTestIds]));
}

describe("a parametrized row's value maps to the ids that show it whole", () => {
  // Prompted by humanize-intcomma-ndigits (development): `14,308.40` mapped to `[test_args16-14,308.40]` and to
  // `[test_args17-14,308.400]`, whose id holds it as a prefix of another value.
  it("not to an id where it is only the start of another value", async () => {
    const base = { "pkg/__init__.py": "from .core import show\n", "pkg/core.py": "def show(x):\n    return str(x)\n" };
    const gold = { "pkg/core.py": "def show(x):\n    return 'val:' + str(x)\n" };
    const tests = { "tests/test_core.py": "import pytest\n\nfrom pkg import show\n\n\n@pytest.mark.parametrize(\"x, expected\", [(1, \"val:1\"), (10, \"val:10\")])\ndef test_show(x, expected):\n    assert show(x) == expected\n" };
    const ids = ["tests/test_core.py::test_show[1-val:1]", "tests/test_core.py::test_show[10-val:10]"];
    const found = await findingsOf(base, gold, tests, "Prefix the value.", ids);
    expect(found["val:1"]).toEqual(["tests/test_core.py::test_show[1-val:1]"]);
    expect(found["val:10"]).toEqual(["tests/test_core.py::test_show[10-val:10]"]);
  });
});
