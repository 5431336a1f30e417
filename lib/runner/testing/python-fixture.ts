import "server-only";
// A tiny Python package tested with the standard library's unittest; a runner
// script committed in the repository writes the JUnit report (pytest-style ids).

import { diffFor, initRepo } from "./git-fixture";

export const UNITTEST_RUNNER = `"""Runs the unittest suite and writes a JUnit XML report to $SPECPATH_REPORT."""
import os
import sys
import time
import unittest
from xml.sax.saxutils import escape, quoteattr


class Recorder(unittest.TextTestResult):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.records = []
        self._started = 0.0

    def startTest(self, test):
        self._started = time.perf_counter()
        super().startTest(test)

    def _record(self, test, kind, detail=""):
        self.records.append((test, kind, detail, time.perf_counter() - self._started))

    def addSuccess(self, test):
        super().addSuccess(test)
        self._record(test, None)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._record(test, "failure", self._exc_info_to_string(err, test))

    def addError(self, test, err):
        super().addError(test, err)
        self._record(test, "error", self._exc_info_to_string(err, test))

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self._record(test, "skipped", reason)


def main():
    suite = unittest.defaultTestLoader.discover("tests", top_level_dir=".")
    result = unittest.TextTestRunner(resultclass=Recorder, verbosity=2).run(suite)
    lines = ['<?xml version="1.0" encoding="utf-8"?>', '<testsuites><testsuite name="unittest">']
    for test, kind, detail, seconds in result.records:
        module = type(test).__module__
        attrs = "classname=%s name=%s file=%s time=\\"%.3f\\"" % (
            quoteattr(module + "." + type(test).__name__),
            quoteattr(getattr(test, "_testMethodName", str(test))),
            quoteattr(module.replace(".", "/") + ".py"),
            seconds,
        )
        if kind is None:
            lines.append("<testcase %s/>" % attrs)
        else:
            message = detail.strip().splitlines()[-1] if detail.strip() else kind
            lines.append("<testcase %s><%s message=%s>%s</%s></testcase>" % (attrs, kind, quoteattr(message), escape(detail), kind))
    lines.append("</testsuite></testsuites>")
    with open(os.environ["SPECPATH_REPORT"], "w") as report:
        report.write("\\n".join(lines))
    sys.exit(0 if result.wasSuccessful() else 1)


main()
`;

const CALC = "def add(a, b):\n    return a + b\n";

export interface PythonFixture {
  repoDir: string;
  baseCommit: string;
  hiddenTestPatch: string;
  goldPatch: string;
  probes: string[];
  /** Takes the interpreter's absolute path: pyenv-style shims need a HOME the sandbox does not have. */
  testCommand: (python: string) => string;
}

export async function createPythonFixture(): Promise<PythonFixture> {
  const { dir, base } = await initRepo("specpath-python-fixture-", {
    "calc.py": CALC,
    "run_tests.py": UNITTEST_RUNNER,
    "tests/__init__.py": "",
    "tests/test_add.py": "import unittest\n\nimport calc\n\n\nclass AddTest(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(calc.add(2, 3), 5)\n",
  });
  const hidden =
    "import unittest\n\nimport calc\n\n\nclass ClampTest(unittest.TestCase):\n" +
    "    def test_lower(self):\n        self.assertEqual(calc.clamp(-5, 0, 10), 0)\n\n" +
    "    def test_upper(self):\n        self.assertEqual(calc.clamp(15, 0, 10), 10)\n";
  return {
    repoDir: dir,
    baseCommit: base,
    hiddenTestPatch: await diffFor(dir, base, { "tests/test_clamp.py": hidden }),
    goldPatch: await diffFor(dir, base, { "calc.py": `${CALC}\n\ndef clamp(value, low, high):\n    return min(max(value, low), high)\n` }),
    probes: ["tests/test_clamp.py::ClampTest::test_lower", "tests/test_clamp.py::ClampTest::test_upper"],
    testCommand: (python) => `PYTHONDONTWRITEBYTECODE=1 ${python} run_tests.py`,
  };
}
