// Pure: shapes shared by the report parsers and the signature.
import { type TResultFormat } from "../../contract/types";

export type TestOutcome = "pass" | "fail" | "skip" | "error";

/** One executed test as the report lists it; duplicates stay separate entries. */
export interface ExecutedTest {
  id: string;
  outcome: TestOutcome;
  durationMs: number | null;
  /** First line of the failure / error / skip message, when the report gives one. */
  message: string | null;
  /** The whole failure text (JUnit <failure> body, TAP diagnostics), capped; absent when it passed. */
  detail?: string | null;
  /** A tape test's numbered assertions, in order (TAP only). */
  assertions?: AssertionResult[];
}

/** One assertion of a test that reports them separately (tape). */
export interface AssertionResult {
  name: string;
  outcome: TestOutcome;
  message: string | null;
}

export type ReportFormat = TResultFormat;

export interface ParsedReport {
  format: ReportFormat;
  /** Which reporter the JUnit rules recognised (see junit.ts), "tap" for TAP. */
  flavor: string;
  tests: ExecutedTest[];
  warnings: string[];
}

export class ReportParseError extends Error {
  constructor(
    readonly format: ReportFormat,
    message: string,
  ) {
    super(message);
    this.name = "ReportParseError";
  }
}

/**
 * Makes a path-like id segment independent of where the workspace lived:
 * strips `file://`, then the first matching root prefix, and uses `/`.
 */
export function relativizePath(value: string, roots: readonly string[]): string {
  let path = value.replace(/\\/g, "/");
  if (path.startsWith("file://")) path = path.slice("file://".length);
  for (const root of roots) {
    const prefix = root.replace(/\\/g, "/").replace(/\/+$/, "") + "/";
    if (prefix.length > 1 && path.startsWith(prefix)) return path.slice(prefix.length);
  }
  return path;
}

export function firstLine(text: string | undefined, max = 300): string | null {
  const lines = (text ?? "").split("\n").map((l) => l.trim()).filter(Boolean);
  // "Expected values to be strictly equal:" says little without the line after it.
  const line = lines[0]?.endsWith(":") && lines[1] ? `${lines[0]} ${lines[1]}` : lines[0];
  if (!line) return null;
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
