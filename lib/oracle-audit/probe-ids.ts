// Pure: which probe ids are one test of a test file: the ids collection recorded (`location::title`, per runner —
// node:test, tape, mocha, vitest, jest, pytest, unittest), every expanded id of a parametrized or test.each test.
import type { TTestCase } from "./types";

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A test title as a pattern: test.each / describe.each placeholders (`%i`, `$a`, `${a.b}`) match any text. */
const titlePattern = (title: string) =>
  title.split(/(%[sdifjopOc#$%]|\$\{[^}]*\}|\$[A-Za-z_][\w.]*)/).map((part, i) => (i % 2 === 1 ? (part === "%%" ? "%" : "[\\s\\S]*?") : escapeRe(part))).join("");

/** The probe's title is this test's: its name (parametrized `name[…]` too), under its suites joined as the runner joins them. */
function titleMatcher(suites: readonly string[], test: TTestCase, python: boolean): (title: string) => boolean {
  const params = python ? "(?:\\[[\\s\\S]*\\])?" : "";
  const chains = [" > ", " "].map((sep) => [...suites, test.name].map(titlePattern).join(escapeRe(sep)));
  // The name alone: a test outside every suite (tape, a top-level test), or a tape subtest, which tape names by itself.
  if (suites.length === 0 || test.subtest) chains.push(titlePattern(test.name));
  const re = new RegExp(`^(?:${chains.join("|")})${params}$`);
  return (title) => re.test(title);
}

const sameFile = (location: string, file: string) => {
  const l = location.replace(/^\.\//, "");
  return l === file || file.endsWith(`/${l}`) || l.endsWith(`/${file}`);
};

/** `tests.test_mod.TestA` for tests/test_mod.py's class TestA (a dotted suffix either way: rootdirs differ). */
function dottedMatches(location: string, file: string, suites: readonly string[]): boolean {
  const parts = location.split(".");
  if (parts.length < suites.length + 1) return false;
  if (parts.slice(parts.length - suites.length).join(".") !== suites.join(".")) return false;
  const given = parts.slice(0, parts.length - suites.length);
  const module = file.replace(/\.py$/, "").split("/");
  const shorter = given.length <= module.length ? given : module;
  const longer = given.length <= module.length ? module : given;
  return shorter.length > 0 && longer.slice(longer.length - shorter.length).join(".") === shorter.join(".");
}

/**
 * Whether a probe id (as collection stored it: `location::title`, see lib/runner/parsers) is this test of
 * this file. The title must be the test's whole title under its suites — one class's `test_basic` is never
 * another's — and a location, when the id has one, must be this file (or its module, or jest's outer suite).
 */
export function probeMatcher(file: string, test: TTestCase): (id: string) => boolean {
  const python = file.endsWith(".py");
  const full = titleMatcher(test.suites, test, python);
  const own = titleMatcher([], { ...test, subtest: true }, python);
  // The name's longest fixed text: a cheap first test before any pattern runs.
  const hint = test.name.split(/%[sdifjopOc#$%]|\$\{[^}]*\}|\$[A-Za-z_][\w.]*/).sort((a, b) => b.length - a.length)[0] ?? "";
  return (id) => {
    if (!id.includes(hint)) return false;
    const parts = id.split("::");
    const title = parts.at(-1)!;
    const location = parts.slice(0, -1);
    if (location.length === 0 || location.every((p) => p === "")) return full(title);
    const [head, ...rest] = location as [string, ...string[]];
    if (sameFile(head, file)) {
      // pytest's own node id: file::Class::name.
      if (rest.length > 0) return rest.join("::") === test.suites.join("::") && own(title);
      return full(title);
    }
    if (rest.length > 0) return false;
    if (python) return dottedMatches(head, file, test.suites) && own(title);
    // jest-junit names the suite after the outer describe.
    return test.suites.length > 0 && head === test.suites[0] && full(title);
  };
}

export const probeIsTest = (id: string, file: string, test: TTestCase) => probeMatcher(file, test)(id);

/** Probes run by one test of a file (every expanded id of a parametrized or test.each test). */
export function probesOfTest(probeTestIds: readonly string[], file: string, test: TTestCase): string[] {
  const matches = probeMatcher(file, test);
  return probeTestIds.filter(matches);
}

/**
 * Probes of a test in a file another test file loads: ids located in another JavaScript file whose title is some
 * suite of the loader's, then this test's own title (under its own suites). Python and located ids of this file
 * are not this rule's (a module is collected by its own path).
 */
export function probesOfLoadedTest(probeTestIds: readonly string[], file: string, test: TTestCase): string[] {
  if (file.endsWith(".py")) return [];
  const own = [...test.suites, test.name].map(titlePattern);
  const re = new RegExp(`^[\\s\\S]+?(?: > | )(?:${own.join(" > ")}|${own.join(" ")})$`);
  return probeTestIds.filter((id) => {
    const parts = id.split("::");
    if (parts.length !== 2 || !/\.[cm]?[jt]sx?$/.test(parts[0]!) || sameFile(parts[0]!, file)) return false;
    return re.test(parts[1]!);
  });
}
