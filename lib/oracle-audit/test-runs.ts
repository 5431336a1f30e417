// Pure: how the repository runs its tests, as its package.json and jest config say: whether a module transform
// (vitest, jest) loads the test files — a named import the module lacks is then `undefined` where it is read —
// and whether the runner type-checks TypeScript tests (ts-jest), failing the whole file on a name the types lack.
import type { TTestExtraction, TTreeDefinitions } from "./types";

export interface TTestRuns {
  typeChecked: boolean;
  transformed: (test: TTestExtraction) => boolean;
  /** tape runs a file's tests in one process and catches no error: a test that throws ends the file there. */
  endsAtThrow: (test: TTestExtraction) => boolean;
}

const JEST_CONFIG = /(^|\/)jest\.config\.[cm]?[jt]s$/;

export function howTestsRun(tree: TTreeDefinitions): TTestRuns {
  const tools = new Set(tree.definitions.flatMap((d) => d.tools ?? []));
  const jestConfigTsJest = tree.definitions.some((d) => JEST_CONFIG.test(d.file) && d.strings.some((s) => s === "ts-jest" || s.startsWith("ts-jest/")));
  const typeChecked = tools.has("ts-jest") || jestConfigTsJest;
  const transforming = ["vitest", "jest", "babel-jest", "ts-jest", "@swc/jest", "esbuild-jest"].some((t) => tools.has(t));
  return {
    typeChecked,
    transformed: (test) => transforming || test.dependencies.some((d) => d.kind === "path" && d.value === "vitest"),
    endsAtThrow: (test) => test.dependencies.some((d) => d.kind === "path" && d.value === "tape"),
  };
}
