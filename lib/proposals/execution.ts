// Proposals from what the studio ran, not only from text. The tests that
// fail on the base and pass with gold (FAIL_TO_PASS) are the candidate final
// atoms; each one's observation is what its gold-added assertions check plus
// how it fails on the base, and its scope is the changed source function the
// test calls. No I/O.
import { diffFilePath, safeParseDiff } from "@/lib/git/diff";
import { findChangedTests, polarityFromName, statementFromName } from "./heuristic";
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

/**
 * One proposal per FAIL_TO_PASS test the test diff declares, in collection order.
 * Tests that pass on the base too (PASS_TO_PASS) are guards, not atoms, and are left out.
 */
export function proposeFromExecution(input: Pick<TProposalInput, "testPatch" | "sourcePatch">, executed: readonly TExecutedOnBoth[]): TProposal[] {
  const failToPass = executed.filter((t) => t.gold === "pass" && t.base !== null && t.base !== "pass");
  if (failToPass.length === 0) return [];
  const declared = findChangedTests(input.testPatch);
  const functions = changedFunctions(input.sourcePatch);
  const proposals: TProposal[] = [];
  const seen = new Set<string>();
  for (const test of failToPass) {
    const found = declared
      .filter((d) => idNames(test.id, d.name))
      .sort((a, b) => b.name.length - a.name.length)[0];
    const name = found?.name ?? test.id.split(/::| > /).at(-1) ?? test.id;
    const statement = statementFromName(name);
    if (seen.has(statement)) continue;
    seen.add(statement);
    const body = found?.lines ?? [];
    const assertions = body.filter((l) => l.added && ASSERTION.test(l.text)).map((l) => l.text.trim());
    const called = functions.filter((f) => body.some((l) => new RegExp(`\\b${f.name.replace(/\$/g, "\\$")}\\s*\\(`).test(l.text)));
    const scope = (called.length > 0 ? called : functions.slice(0, 1)).map((f) => f.signature).join(", ");
    const observation = [
      assertions.length > 0 ? `The test asserts: ${assertions.join(" ")}` : "",
      test.baseMessage ? `On the base it fails: ${test.baseMessage}` : `On the base it ${test.base === "missing" ? "does not run" : "fails"}.`,
    ].filter(Boolean).join("\n");
    const touched = body.filter((l) => l.added && l.text.trim() !== "");
    proposals.push({
      statement,
      scope,
      inputCondition: "",
      polarity: polarityFromName(name),
      observation,
      role: "final",
      anchors: found && touched.length > 0
        ? [{ source: "diff", filePath: found.file, lineStart: touched[0]!.line, lineEnd: touched.at(-1)!.line, quote: found.declaration }]
        : [],
    });
  }
  return proposals;
}
