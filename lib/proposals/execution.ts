// Pure: proposals from what the studio ran, not only from text. The tests that
// fail on the base and pass with gold (FAIL_TO_PASS) are the candidate final
// atoms; each one's observation is what its gold-added assertions check plus
// how it fails on the base, and its scope is the changed source function the
// test calls. No I/O.
import { diffFilePath, safeParseDiff } from "@/lib/git/diff";
import { findChangedTests, polarityFromName, statementFromName } from "./changed-tests";
import type { TProposal, TProposalInput } from "./types";

/** One collected test with its outcome on gold and on the unmodified base. */
export type TExecutedOnBoth = { id: string; gold: string; base: string | null; baseMessage?: string | null };

const ASSERTION = /\b(?:assert\w*|expect|should|t\.(?:equal|deepEqual|ok|notOk|throws|same|strictEqual)|self\.assert\w+|pytest\.raises)\b|\.to(?:Be|Equal|Throw|Match|Contain|Have)\w*\(/;
const FUNCTION = [
  /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)\s*\(([^)]*)\)/,
  /^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?(?:function\s*)?\(([^)]*)\)/,
  /^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)\s*\(([^)]*)\)/,
  /^\s*func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)\s*\(([^)]*)\)/,
];

type TChangedFunction = { name: string; signature: string; file: string };

/** The functions a source diff adds or changes: declared on an added line, or named in a hunk header. */
export function changedFunctions(sourcePatch: string): TChangedFunction[] {
  if (!sourcePatch.trim()) return [];
  const parsed = safeParseDiff(sourcePatch.endsWith("\n") ? sourcePatch : `${sourcePatch}\n`);
  if (!parsed.ok) return [];
  const out = new Map<string, TChangedFunction>();
  const add = (text: string, file: string) => {
    for (const pattern of FUNCTION) {
      const m = pattern.exec(text);
      if (m && !out.has(m[1]!)) {
        out.set(m[1]!, { name: m[1]!, signature: `${m[1]}(${m[2]!.replace(/\s+/g, " ").trim()})`, file });
        return;
      }
    }
  };
  for (const file of parsed.diff.files) {
    if (file.binary || file.newPath === null) continue;
    for (const hunk of file.hunks) {
      const changed = hunk.lines.some((l) => l.kind !== "context");
      if (!changed) continue;
      for (const line of hunk.lines) if (line.kind === "add") add(line.text, diffFilePath(file));
      if (hunk.section) add(hunk.section, diffFilePath(file));
    }
  }
  return [...out.values()];
}

/** A collected id names the declared test when it is the name or ends with it after a separator. */
function idNames(id: string, name: string): boolean {
  if (id === name) return true;
  if (!id.endsWith(name)) return false;
  return /[\s>:./]$/.test(id.slice(0, id.length - name.length));
}

/** The top-level arguments of a call's argument text (commas inside brackets or strings do not split). */
function splitArgs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") quote = c;
    else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) {
      if (depth === 0) return [...out, text.slice(start, i).trim()].filter(Boolean);
      depth--;
    } else if (c === "," && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return [...out, text.slice(start).trim()].filter(Boolean);
}

/** What one assertion line checks: the expression it exercises and what it expects of it. */
export function assertionParts(line: string): { subject: string; expected: string } | null {
  const text = line.trim().replace(/;$/, "");
  const binary = /\b(?:assert\.(?:equal|strictEqual|deepEqual|deepStrictEqual)|t\.(?:equal|deepEqual|same|strictEqual)|self\.assert(?:Equal|Is|ListEqual|DictEqual)|assertEquals?)\s*\((.*)$/.exec(text);
  if (binary) {
    const [subject, expected] = splitArgs(binary[1]!);
    return subject && expected ? { subject, expected } : null;
  }
  const expectCall = /\bexpect\s*\((.*)$/.exec(text);
  if (expectCall) {
    const [subject] = splitArgs(expectCall[1]!);
    const matcher = /\)\s*\.(?:not\.)?(toBe|toEqual|toStrictEqual|toThrow\w*)\s*\((.*)$/.exec(expectCall[1]!);
    if (!subject || !matcher) return null;
    if (matcher[1]!.startsWith("toThrow")) return { subject: subject.replace(/^\(\)\s*=>\s*/, ""), expected: `throws${matcher[2]!.replace(/\)\s*$/, "").trim() ? ` ${splitArgs(matcher[2]!)[0]}` : ""}` };
    const [expected] = splitArgs(matcher[2]!);
    return expected ? { subject, expected } : null;
  }
  const throws = /\bassert\.throws\s*\(\s*\(\)\s*=>\s*(.*)$/.exec(text);
  if (throws) {
    const [subject, error] = splitArgs(throws[1]!);
    return subject ? { subject, expected: `throws${error ? ` ${error}` : ""}` } : null;
  }
  const py = /^assert\s+(.+?)\s*==\s*(.+)$/.exec(text);
  if (py) return { subject: py[1]!, expected: py[2]! };
  return null;
}

const calls = (text: string, fn: TChangedFunction) => new RegExp(`\\b${fn.name.replace(/\$/g, "\\$")}\\s*\\(`).test(text);

/** A test's leaf name and the class or describe it sits in, from its collected id. */
function nameParts(id: string): { leaf: string; parent: string | null } {
  const parts = id.split(/::| > /).filter((p) => p.trim() !== "");
  return { leaf: parts.at(-1) ?? id, parent: parts.length > 1 ? parts.at(-2)! : null };
}

/**
 * Proposals from execution, keyed by the collected id (its class or describe kept when two
 * tests share a name): one candidate per behaviour — a test's gold-added assertions grouped
 * by the changed function they exercise — with that function as scope, the input condition
 * and observation read from the assertions, and how the test fails on the base. Tests that
 * pass on the base too (PASS_TO_PASS) are guards, not atoms, and are left out.
 */
export function proposeFromExecution(input: Pick<TProposalInput, "testPatch" | "sourcePatch">, executed: readonly TExecutedOnBoth[]): TProposal[] {
  const failToPass = [...new Map(executed.filter((t) => t.gold === "pass" && t.base !== null && t.base !== "pass").map((t) => [t.id, t])).values()];
  if (failToPass.length === 0) return [];
  const declared = findChangedTests(input.testPatch);
  const functions = changedFunctions(input.sourcePatch);
  const leafCount = new Map<string, number>();
  for (const t of failToPass) leafCount.set(nameParts(t.id).leaf, (leafCount.get(nameParts(t.id).leaf) ?? 0) + 1);
  const proposals: TProposal[] = [];
  for (const test of failToPass) {
    const found = declared
      .filter((d) => idNames(test.id, d.name))
      .sort((a, b) => b.name.length - a.name.length)[0];
    const { leaf, parent } = nameParts(test.id);
    const name = found?.name ?? leaf;
    const body = found?.lines ?? [];
    const assertionLines = body.filter((l) => l.added && ASSERTION.test(l.text)).map((l) => l.text.trim());
    const parts = assertionLines.map((text) => ({ text, parts: assertionParts(text) }));
    // A name that says nothing ("-") gives way to what the test asserts.
    const said = /[A-Za-z]/.test(name) ? statementFromName(name) : parts[0]?.parts ? statementFromName(`${parts[0].parts.subject} gives ${parts[0].parts.expected}`) : statementFromName(test.id);
    const statement = (leafCount.get(leaf) ?? 0) > 1 && parent ? `${parent.trim()}: ${said}` : said;
    // One behaviour per changed function the assertions exercise; assertions calling none stay with the first.
    const groups = new Map<string, { fn: TChangedFunction | null; lines: typeof parts }>();
    for (const a of parts) {
      const fn = functions.find((f) => calls(a.text, f)) ?? null;
      const key = fn?.name ?? "";
      const group = groups.get(key) ?? { fn, lines: [] };
      group.lines.push(a);
      groups.set(key, group);
    }
    if (groups.size === 0) groups.set("", { fn: null, lines: [] });
    const named = [...groups.values()].filter((g) => g.fn !== null);
    const behaviours = named.length > 1 ? named : [...groups.values()].slice(0, 1).map((g) => ({ ...g, lines: parts, fn: g.fn ?? named[0]?.fn ?? null }));
    const touched = body.filter((l) => l.added && l.text.trim() !== "");
    for (const behaviour of behaviours) {
      const called = behaviour.fn ? [behaviour.fn] : functions.filter((f) => body.some((l) => calls(l.text, f)));
      const scope = (called.length > 0 ? called : functions.slice(0, 1)).map((f) => f.signature).join(", ");
      const checks = behaviour.lines.flatMap((l) => (l.parts ? [l.parts] : []));
      const observation = [
        behaviour.lines.length > 0 ? `The test asserts: ${behaviour.lines.map((l) => l.text).join(" ")}` : "",
        checks.length > 0 ? `Expected: ${checks.slice(0, 4).map((c) => `${c.subject} → ${c.expected}`).join("; ")}` : "",
        test.baseMessage ? `On the base it fails: ${test.baseMessage}` : `On the base it ${test.base === "missing" ? "does not run" : "fails"}.`,
      ].filter(Boolean).join("\n");
      proposals.push({
        statement: named.length > 1 ? `${statement.replace(/\.$/, "")} (${behaviour.fn!.name}).` : statement,
        scope,
        inputCondition: checks.length > 0 ? `called as ${[...new Set(checks.map((c) => c.subject))].slice(0, 3).join("; ")}` : "",
        polarity: polarityFromName(name),
        observation,
        role: "final",
        testIds: [test.id],
        anchors: found && touched.length > 0
          ? [{ source: "diff", filePath: found.file, lineStart: touched[0]!.line, lineEnd: touched.at(-1)!.line, quote: found.declaration }]
          : [],
      });
    }
  }
  return proposals;
}
