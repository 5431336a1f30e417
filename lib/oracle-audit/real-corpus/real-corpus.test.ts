import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseSource } from "@/lib/syntax/parse-source";
import { CORPUS_SETS, HELD_OUT_3_DIR, HELD_OUT_4_DIR, HELD_OUT_5_DIR, HELD_OUT_6_DIR, HELD_OUT_7_DIR, HELD_OUT_8_DIR, HELD_OUT_9_DIR, HELD_OUT_10_DIR, HELD_OUT_11_DIR, HELD_OUT_12_DIR, HELD_OUT_13_DIR, HELD_OUT_14_DIR, HELD_OUT_15_DIR, HELD_OUT_16_DIR, HELD_OUT_17_DIR, HELD_OUT_18_DIR, HELD_OUT_19_DIR, HELD_OUT_20_DIR, HELD_OUT_21_DIR, HELD_OUT_22_DIR, HELD_OUT_23_DIR, HELD_OUT_24_DIR, HELD_OUT_25_DIR, HELD_OUT_26_DIR, loadCase, mirrorOf, mirrorRoot, readCases } from "./load";
import { HISTORY_KEYS, keepLines, parseCase } from "./schema";
import { duplicateLabels } from "./score";

// Well-formedness of the hand-labelled real corpus only: never the audit's accuracy (that is
// measured by `npm run bench -- oracle-audit`, against labels written before the audit ran).
const cases = readCases();
/** Every set's cases (development and every held-out set): each is checked for well-formedness alike. */
const everyCase = CORPUS_SETS.flatMap(([, dir]) => readCases(dir));

/** The spellings a runtime value can have in source text (non-ASCII characters also as `\\uXXXX` escapes, as in `'\\u00b1'`; backslashes doubled; a tab also as `\\t`; DEL also as `\\u007f`; backslashes doubled and the delimiting quote escaped in one literal, as in held-out 10's sqlparse php output; carriage returns and newlines as `\\r` / `\\n`, as in held-out 11's on-finished response line; tabs and newlines escaped in one literal, as in held-out 13's jsdiff patch headers `'--- test\\theader1\\n'`). */
function spellings(value: string): string[] {
  const esc = value.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
  const ascii = esc.replace(/[^\u0000-\u007f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
  // Every character escaped as JS writes it: `\\t`, `\\xHH` up to U+00FF, `\\uHHHH`, `\\u{HHHHH}` past the BMP, hex in either case (held-out 18's dedent `"\\xa0\\t"`, `"\\u5F1F"`, `"\\u{1F60A}"`).
  const js = (upper: boolean) => [...value].map((ch) => {
    const cp = ch.codePointAt(0)!;
    const hex = (n: number, w: number) => (upper ? n.toString(16).toUpperCase() : n.toString(16)).padStart(w, "0");
    if (ch === "\t") return "\\t";
    if (ch === "\n") return "\\n";
    if (ch === "\r") return "\\r";
    if (cp < 0x20 || cp === 0x7f) return `\\u${hex(cp, 4)}`;
    if (cp < 0x80) return ch;
    if (cp <= 0xff) return `\\x${hex(cp, 2)}`;
    return cp > 0xffff ? `\\u{${hex(cp, 1)}}` : `\\u${hex(cp, 4)}`;
  }).join("");
  // A backslash is written doubled inside a quoted string ('[\\]' holds one backslash).
  // NUL not followed by a digit is also written `\0` (held-out 24's hast-util-from-html input `'\0'`).
  const nul = value.replace(/\u0000(?![0-9])/g, "\\0");
  return [nul, js(false), js(true), value, esc, esc.replace(/\n/g, "\\n"), value.replace(/"/g, '\\"'), value.replace(/'/g, "\\'"), ascii, ascii.replace(/\n/g, "\\n"), value.replace(/\\/g, "\\\\"), esc.replace(/\t/g, "\\t"), value.replace(/\\/g, "\\\\").replace(/'/g, "\\'"), value.replace(/\\/g, "\\\\").replace(/"/g, '\\"'), value.replace(/\r/g, "\\r").replace(/\n/g, "\\n"), value.replace(/\t/g, "\\t").replace(/\r/g, "\\r").replace(/\n/g, "\\n")];
}

/** The relative module specifiers a JS/TS test file imports or requires (`./x`, `../index`), as written. */
function relativeImports(text: string): string[] {
  const out = new Set<string>();
  for (const re of [/\bfrom\s*['"](\.{1,2}\/[^'"]*|\.{1,2})['"]/g, /\brequire\s*\(\s*['"](\.{1,2}\/[^'"]*|\.{1,2})['"]\s*\)/g, /\bimport\s*\(?\s*['"](\.{1,2}\/[^'"]*)['"]/g]) {
    for (const m of text.matchAll(re)) out.add(m[1]!);
  }
  return [...out];
}

/** The paths of a tree a relative specifier can load from `from` (Node's and TypeScript's extension and index lookup). */
function resolveRelative(from: string, spec: string, paths: ReadonlySet<string>): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const stem = base.replace(/\.[cm]?js$/, "");
  const tries = [base, ...[".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".json"].flatMap((e) => [stem + e, `${base}/index${e}`])];
  return tries.find((p) => paths.has(p)) ?? null;
}

describe("real oracle corpus: case files", () => {
  it("holds at least 20 PRs from 10 repositories, in JavaScript, TypeScript and Python, under four runners or more", () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    expect(new Set(cases.map((c) => c.repo)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(cases.map((c) => c.language))).toEqual(new Set(["javascript", "typescript", "python"]));
    expect(new Set(cases.map((c) => c.runner)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    // No case is in two sets (a held-out case is never also a development one).
    expect(new Set(everyCase.map((c) => c.id)).size).toBe(everyCase.length);
  });

  // Each newer held-out set: at least 10 PRs from 6 repositories no other set uses, JS/TS and Python, four runners or more.
  for (const [name, dir] of [["held-out-3", HELD_OUT_3_DIR], ["held-out-4", HELD_OUT_4_DIR], ["held-out-5", HELD_OUT_5_DIR], ["held-out-6", HELD_OUT_6_DIR], ["held-out-7", HELD_OUT_7_DIR], ["held-out-8", HELD_OUT_8_DIR]] as const) {
    it(`${name} holds at least 10 PRs from 6 repositories no other set uses, in JavaScript/TypeScript and Python, under four runners or more, each with a hidden pair or as a control`, () => {
      const cases = readCases(dir);
      const earlier = new Set(CORPUS_SETS.filter(([, d]) => d !== dir).flatMap(([, d]) => readCases(d).map((c) => c.repo)));
      expect(cases.length).toBeGreaterThanOrEqual(10);
      expect(new Set(cases.map((c) => c.repo)).size).toBeGreaterThanOrEqual(6);
      expect(cases.filter((c) => earlier.has(c.repo)).map((c) => c.id)).toEqual([]);
      expect(cases.some((c) => c.language === "python") && cases.some((c) => c.language !== "python")).toBe(true);
      expect(new Set(cases.map((c) => c.runner)).size).toBeGreaterThanOrEqual(4);
      const hiddenPairs = (c: (typeof cases)[number]) => c.dependencies.reduce((n, l) => n + HISTORY_KEYS.filter((h) => l.class[h] === "hidden").length, 0);
      for (const c of cases) {
        // A case with hidden pairs hides them in the partial history only (the full one states every dependency); a control names "control" in its traps.
        for (const l of c.dependencies) expect(l.class.full, `${c.id}: ${l.value} is hidden in the full history`).not.toBe("hidden");
        expect(hiddenPairs(c) > 0 || c.traps.some((t) => t.startsWith("control")), `${c.id}: no hidden pair and not a control`).toBe(true);
      }
      if (name === "held-out-4" || name === "held-out-5" || name === "held-out-6" || name === "held-out-7" || name === "held-out-8") expect(cases.filter((c) => c.traps.some((t) => t.startsWith("control"))).length, "at least three controls").toBeGreaterThanOrEqual(3);
      if (name === "held-out-7" || name === "held-out-8") {
        // Their briefs: at least 12 PRs from 8 repositories, JavaScript, TypeScript and Python, four runners or more, and about 10–20 hidden label × history pairs.
        expect(cases.length).toBeGreaterThanOrEqual(12);
        expect(new Set(cases.map((c) => c.repo)).size).toBeGreaterThanOrEqual(8);
        expect(new Set(cases.map((c) => c.language))).toEqual(new Set(["javascript", "typescript", "python"]));
        expect(new Set(cases.map((c) => c.runner)).size).toBeGreaterThanOrEqual(4);
        expect(cases.reduce((n, c) => n + hiddenPairs(c), 0)).toBeGreaterThanOrEqual(10);
      }
      if (name === "held-out-6") {
        // Its brief: at least 12 PRs from 8 repositories, five runners or more, and at least 15 hidden label × history pairs.
        expect(cases.length).toBeGreaterThanOrEqual(12);
        expect(new Set(cases.map((c) => c.repo)).size).toBeGreaterThanOrEqual(8);
        expect(new Set(cases.map((c) => c.runner)).size).toBeGreaterThanOrEqual(5);
        expect(cases.reduce((n, c) => n + hiddenPairs(c), 0)).toBeGreaterThanOrEqual(15);
      }
      if (name === "held-out-5") {
        // Its brief: at least 12 PRs from 8 repositories, under five runners or more, Python and JavaScript/TypeScript.
        expect(cases.length).toBeGreaterThanOrEqual(12);
        expect(new Set(cases.map((c) => c.repo)).size).toBeGreaterThanOrEqual(8);
        expect(new Set(cases.map((c) => c.runner)).size).toBeGreaterThanOrEqual(5);
      }
    });
  }

  // Held-out 12, sampled by the same rule but stopped early (its labelling sessions ran out of time): 7 PRs from 7
  // repositories, JavaScript and Python, three runners. What it holds is checked as for a sampled set.
  it("held-out-12 (an incomplete sample) holds 7 PRs or more from repositories no other set uses, hidden only in partial histories", () => {
    const cases = readCases(HELD_OUT_12_DIR);
    const earlier = new Set(CORPUS_SETS.filter(([, d]) => d !== HELD_OUT_12_DIR).flatMap(([, d]) => readCases(d).map((c) => c.repo)));
    expect(cases.length).toBeGreaterThanOrEqual(7);
    expect(cases.filter((c) => earlier.has(c.repo)).map((c) => c.id)).toEqual([]);
    for (const c of cases) {
      expect(c.traps.some((t) => t.startsWith("sampled:")), `${c.id}: its traps do not say where the sample took it`).toBe(true);
      for (const l of c.dependencies) expect(l.class.full, `${c.id}: ${l.value} is hidden in the full history`).not.toBe("hidden");
    }
  });

  // Sampled sets (held-out 9, 10, 11, 13 to 26: the first 1–2 qualifying changes of each repository's first-parent history)
  // have no minimum of controls or hidden pairs, and a case may have neither: each holds what its sample gave.
  // Held-out 13's list named four runners, but its one node:test repository (unist-util-is) gave no qualifying change,
  // so that sample holds three (mocha, pytest, unittest). Held-out 22's to 26's rules aimed at 8 cases (short deadlines), the others' at 10.
  // Held-out 26's ten repositories gave no TypeScript case (jonschlinkert/get-value, its one TypeScript repository among
  // them, had only changes over ~400 lines; unjs/uqr came after the first ten, which reached the aim): JavaScript and Python.
  for (const [name, dir, runners, least] of [["held-out-9", HELD_OUT_9_DIR, "four", 10], ["held-out-10", HELD_OUT_10_DIR, "four", 10], ["held-out-11", HELD_OUT_11_DIR, "four", 10], ["held-out-13", HELD_OUT_13_DIR, "three", 10], ["held-out-14", HELD_OUT_14_DIR, "four", 10], ["held-out-15", HELD_OUT_15_DIR, "four", 10], ["held-out-16", HELD_OUT_16_DIR, "four", 10], ["held-out-17", HELD_OUT_17_DIR, "four", 10], ["held-out-18", HELD_OUT_18_DIR, "four", 10], ["held-out-19", HELD_OUT_19_DIR, "four", 10], ["held-out-20", HELD_OUT_20_DIR, "four", 10], ["held-out-21", HELD_OUT_21_DIR, "four", 10], ["held-out-22", HELD_OUT_22_DIR, "four", 8], ["held-out-23", HELD_OUT_23_DIR, "four", 8], ["held-out-24", HELD_OUT_24_DIR, "four", 8], ["held-out-25", HELD_OUT_25_DIR, "four", 8], ["held-out-26", HELD_OUT_26_DIR, "four", 8]] as const) {
    it(`${name} holds at least ${least} PRs from 6 repositories no other set uses, in ${name === "held-out-26" ? "JavaScript and Python" : "JavaScript, TypeScript and Python"}, under ${runners} runners or more, hidden only in partial histories`, () => {
      const cases = readCases(dir);
      const earlier = new Set(CORPUS_SETS.filter(([, d]) => d !== dir).flatMap(([, d]) => readCases(d).map((c) => c.repo)));
      expect(cases.length).toBeGreaterThanOrEqual(least);
      expect(new Set(cases.map((c) => c.repo)).size).toBeGreaterThanOrEqual(6);
      expect(cases.filter((c) => earlier.has(c.repo)).map((c) => c.id)).toEqual([]);
      expect(new Set(cases.map((c) => c.language))).toEqual(new Set(name === "held-out-26" ? ["javascript", "python"] : ["javascript", "typescript", "python"]));
      expect(new Set(cases.map((c) => c.runner)).size).toBeGreaterThanOrEqual(runners === "four" ? 4 : 3);
      for (const c of cases) {
        expect(c.traps.some((t) => t.startsWith("sampled:")), `${c.id}: its traps do not say where the sample took it`).toBe(true);
        for (const l of c.dependencies) expect(l.class.full, `${c.id}: ${l.value} is hidden in the full history`).not.toBe("hidden");
      }
    });
  }

  it("reads a label without probes as every probe of its own test file, where the probe ids name their files", () => {
    // antfu-utils-is-primitive-object-id: `isPrimitive` is imported by src/is.test.ts alone, and vitest runs each file
    // apart, so src/object.test.ts's probe cannot fail without it; the label had read as both probes of the case.
    const twoFiles = {
      ...JSON.parse(JSON.stringify(cases[0])),
      tests: [{ path: "src/is.test.ts" }, { path: "src/object.test.ts" }],
      probes: ["src/is.test.ts::isPrimitive", "src/object.test.ts::objectId"],
      dependencies: [
        { kind: "name", value: "isPrimitive", module: "./is", file: "src/is.test.ts", class: "hidden" },
        { kind: "name", value: "objectId", module: "./object", file: "src/object.test.ts", class: "hidden", probes: ["src/is.test.ts::isPrimitive", "src/object.test.ts::objectId"] },
      ],
    };
    const parsed = parseCase(twoFiles, "two-files.json");
    expect(parsed.dependencies[0]!.probes).toEqual(["src/is.test.ts::isPrimitive"]);
    // A list the label writes is the label's, whatever files it names.
    expect(parsed.dependencies[1]!.probes).toEqual(["src/is.test.ts::isPrimitive", "src/object.test.ts::objectId"]);
    // Probe ids that name no file (tape's titles): every probe of the case.
    const titles = { ...twoFiles, probes: ["isPrimitive", "objectId"], dependencies: [twoFiles.dependencies[0]] };
    expect(parseCase(titles, "titles.json").dependencies[0]!.probes).toEqual(["isPrimitive", "objectId"]);
  });

  it("refuses a case with a label that lacks a class for a history, naming the field", () => {
    const bad = { ...JSON.parse(JSON.stringify(cases[0])), dependencies: [{ kind: "name", value: "x", file: "t.js", class: { full: "hidden" } }] };
    expect(() => parseCase(bad, "bad.json")).toThrow(/bad\.json: dependencies\.0\.class/);
  });

  for (const c of everyCase) {
    const haveSnapshots = existsSync(mirrorRoot()) && existsSync(mirrorOf(c.repo));
    describe(c.id, () => {
      const testPaths = new Set(c.tests.map((t) => t.path));
      const probes = new Set(c.probes);
      it("labels name the case's test files and probes, once each, with a class per history", () => {
        expect(duplicateLabels(c)).toEqual([]);
        expect(probes.size).toBe(c.probes.length);
        for (const l of c.dependencies) {
          expect(testPaths.has(l.file), `${l.value}: ${l.file} is not a test file of the case`).toBe(true);
          for (const p of l.probes) expect(probes.has(p), `${l.value}: unknown probe ${p}`).toBe(true);
          expect(l.informational ? l.probes.length === 0 : l.probes.length > 0, `${l.value}: informational iff no probe`).toBe(true);
          for (const h of HISTORY_KEYS) expect(["visible", "specified", "inferable", "hidden"], `${l.value} [${h}]`).toContain(l.class[h]);
        }
        expect(c.histories.full).not.toBe(c.histories.partial);
      });

      it.skipIf(!haveSnapshots)("its commits, files and cut lines exist in the snapshot, and every label's text is in its test file", async () => {
        const dir = mirrorOf(c.repo);
        expect(execFileSync("git", [`--git-dir=${dir}`, "rev-parse", `${c.mergeCommit}^1`], { encoding: "utf8" }).trim()).toBe(c.baseCommit);
        const outcome = loadCase(c);
        if (!outcome.ok) throw new Error(outcome.reason);
        const { loaded } = outcome;
        for (const s of c.sources) {
          const present = s.endsWith("/") ? [...loaded.goldPaths, ...loaded.basePaths].some((p) => p.startsWith(s)) : s in loaded.goldSources || s in loaded.baseSources;
          expect(present, `source ${s} is in neither tree`).toBe(true);
        }
        for (const t of c.tests) {
          const lines = loaded.wholeTests[t.path]!.split("\n").length;
          for (const [, to] of t.keep ?? []) expect(to, `${t.path}: keep runs past the file`).toBeLessThanOrEqual(lines);
          expect(keepLines(loaded.wholeTests[t.path]!, t.keep)).toBe(loaded.testFiles[t.path]);
          const parsed = await parseSource(t.path, loaded.testFiles[t.path]!);
          expect(parsed.ok && !parsed.file.hasError, `${t.path}: the kept lines do not parse`).toBe(true);
        }
        // Every file a hidden test loads by a relative path is one the audit reads (a source of the case, or another of its tests):
        // a helper left out (a test folder is not read from a folder source) makes the helper's names "not defined by gold".
        const goldPaths = new Set(loaded.goldPaths);
        for (const t of c.tests) {
          if (c.language === "python") continue;
          for (const spec of relativeImports(loaded.testFiles[t.path]!)) {
            const target = resolveRelative(t.path, spec, goldPaths);
            if (target === null) continue; // a built file (no path of the tree): nothing the case could name
            expect(target in loaded.goldSources || testPaths.has(target), `${c.id}: ${t.path} imports ${spec} (${target}), which is not among the case's sources`).toBe(true);
          }
        }
        for (const l of c.dependencies) {
          const text = loaded.testFiles[l.file]!;
          const needle = l.kind === "name" ? l.value.split("#")[0]! : l.value;
          // Adjacent string literals (`"a\\n" "b"`, one Python or C-style string written over several lines) read as one.
          const joined = text.replace(/"\s+"|'\s+'/g, "");
          expect(spellings(needle).some((s) => text.includes(s) || joined.includes(s)), `${c.id}: ${l.kind} ${JSON.stringify(l.value)} is not in ${l.file}`).toBe(true);
        }
      });
    });
  }
});
