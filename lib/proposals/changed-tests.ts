// Pure: the tests a test diff adds or changes (by their declarations in the hunks), and the
// statement and polarity drafts a test's name suggests. Shared by both proposers (from
// the test diff, heuristic.ts; from execution, execution.ts), so neither imports the other.
import { diffFilePath, safeParseDiff, type TDiffFile, type TDiffHunk } from "@/lib/git/diff";

export type TFoundTest = { file: string; name: string; declaration: string; lines: { line: number; text: string; added: boolean }[] };

const DECLARATIONS: { pattern: RegExp; name: (m: RegExpExecArray) => string }[] = [
  // JS / TS (node:test, vitest, jest, mocha), Ruby-style `it "…"`
  { pattern: /\b(?:it|test|specify)(?:\.(?:only|skip|concurrent|each\s*\(.*?\)))?\s*\(?\s*(["'`])((?:(?!\1).)+)\1/, name: (m) => m[2]! },
  // Python: def test_x( / async def test_x(
  { pattern: /^\s*(?:async\s+)?def\s+(test_?\w*)\s*\(/, name: (m) => m[1]! },
  // Go: func TestX(t *testing.T)
  { pattern: /^\s*func\s+(Test\w+)\s*\(/, name: (m) => m[1]! },
  // Rust / Java / Kotlin / C#: a function right after a test attribute (handled by `afterAttribute`)
];
const ATTRIBUTE = /^\s*(?:#\[(?:\w+::)?test\]|@Test\b|\[(?:Fact|Test|TestMethod)\])/;
const ANNOTATED_FUNCTION = /^\s*(?:pub\s+|public\s+|private\s+|internal\s+|async\s+|suspend\s+)*(?:fn|fun|void|def|Task)\s+(\w+)\s*\(/;
export const ASSERTION = /\b(?:assert\w*|expect|should|require\.\w+|t\.(?:Error|Fatal|Errorf|Fatalf|Fail)|XCTAssert\w*|assert_\w+|pytest\.raises|self\.assert\w+)\b|\.to(?:Be|Equal|Throw|Match|Contain|Have)\w*\(/;

/** Turns an identifier or test title into a sentence: test_required_lookup_raises → "Required lookup raises." */
export function statementFromName(name: string): string {
  // A title with spaces is already prose; an identifier is split on case and underscores.
  const words = /\s/.test(name.trim())
    ? name.replace(/\s+/g, " ").trim()
    : name
        .replace(/^(?:test_?|Test)/, "")
        .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
        .replace(/_+/g, " ")
        .trim()
        .toLowerCase();
  const text = words || name;
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * `forbid` only when the test's own words state a prohibition ("does not", "never", "must not");
 * silence is not a prohibition, and rejecting bad input is a required behavior.
 */
export function polarityFromName(name: string): "require" | "forbid" {
  const words = statementFromName(name).toLowerCase();
  return /\b(?:does not|doesn't|do not|don't|never|must not|should not|shouldn't|cannot|is not allowed|no longer)\b/.test(words) ? "forbid" : "require";
}

function declarationName(text: string, previous: string | undefined): string | null {
  for (const { pattern, name } of DECLARATIONS) {
    const m = pattern.exec(text);
    if (m) return name(m);
  }
  if (previous !== undefined && ATTRIBUTE.test(previous)) {
    const m = ANNOTATED_FUNCTION.exec(text);
    if (m) return m[1]!;
  }
  return null;
}

/** An added line that says something (a blank line added before the next test changes nothing). */
export const touches = (l: { added: boolean; text: string }) => l.added && l.text.trim() !== "";

/** Walks one hunk, attributing each new-side line to the test declared before it (in the hunk or its section header). */
function testsInHunk(file: string, hunk: TDiffHunk): TFoundTest[] {
  const found: TFoundTest[] = [];
  const fromSection = hunk.section ? declarationName(hunk.section, undefined) : null;
  let current: TFoundTest | null = fromSection ? { file, name: fromSection, declaration: hunk.section.trim(), lines: [] } : null;
  if (current) found.push(current);
  let line = hunk.newStart;
  let previous: string | undefined;
  // A line deleted and added again with other whitespace is a reformat, not a change of the test.
  const squash = (text: string) => text.replace(/\s+/g, "");
  const deleted = new Set(hunk.lines.filter((l) => l.kind === "delete").map((l) => squash(l.text)));
  for (const entry of hunk.lines) {
    if (entry.kind === "delete") continue;
    const name = declarationName(entry.text, previous);
    if (name) {
      current = { file, name, declaration: entry.text.trim(), lines: [] };
      found.push(current);
    }
    current?.lines.push({ line, text: entry.text, added: entry.kind === "add" && !deleted.has(squash(entry.text)) });
    if (entry.text.trim()) previous = entry.text;
    line += 1;
  }
  // Only tests this change adds or changes: a test whose lines are all context is untouched.
  return found.filter((t) => t.lines.some(touches));
}

function testsInFile(file: TDiffFile): TFoundTest[] {
  if (file.binary || file.newPath === null) return [];
  const path = diffFilePath(file);
  const byName = new Map<string, TFoundTest>();
  for (const test of file.hunks.flatMap((h) => testsInHunk(path, h))) {
    const seen = byName.get(test.name);
    if (seen) seen.lines.push(...test.lines);
    else byName.set(test.name, test);
  }
  return [...byName.values()];
}

export function findChangedTests(testPatch: string): TFoundTest[] {
  if (!testPatch.trim()) return [];
  const parsed = safeParseDiff(testPatch.endsWith("\n") ? testPatch : `${testPatch}\n`);
  if (!parsed.ok) return [];
  return parsed.diff.files.flatMap(testsInFile);
}
