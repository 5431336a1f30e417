import "server-only";
// Reads the report the test command left at $SPECPATH_REPORT and parses it.

import { parseJUnit } from "./parsers/junit";
import { parseTap } from "./parsers/tap";
import { ReportParseError, type ParsedReport, type ReportFormat } from "./parsers/types";
import { readRegularFile, UnsafePathError } from "./safe-fs";

export type ReportRead =
  | { ok: true; report: ParsedReport; source: "file" | "stdout" }
  | { ok: false; reason: "report_missing" | "report_unparseable"; message: string };

const MAX_REPORT_BYTES = 64 * 1024 * 1024;

export async function readReport(input: {
  file: string;
  format: ReportFormat;
  stdout: string;
  exitCode: number | null;
  roots: string[];
}): Promise<ReportRead> {
  const parse = input.format === "junit" ? parseJUnit : parseTap;
  let text: string | null;
  try {
    text = await readRegularFile(input.file, MAX_REPORT_BYTES);
  } catch (error) {
    if (!(error instanceof UnsafePathError)) throw error;
    return { ok: false, reason: "report_unparseable", message: `the report cannot be read: ${error.message}` };
  }
  if (text !== null) {
    try {
      return { ok: true, report: parse(text, { roots: input.roots }), source: "file" };
    } catch (error) {
      if (!(error instanceof ReportParseError)) throw error;
      return { ok: false, reason: "report_unparseable", message: `the ${input.format} report cannot be read: ${error.message}` };
    }
  }
  if (input.format === "tap") {
    try {
      return { ok: true, report: parseTap(input.stdout, { roots: input.roots }), source: "stdout" };
    } catch {
      // fall through: neither a report file nor TAP on stdout
    }
  }
  return {
    ok: false,
    reason: "report_missing",
    message: `the test command exited with ${input.exitCode ?? "a signal"} and wrote no ${input.format} report to $SPECPATH_REPORT` +
      (input.format === "tap" ? " (and its stdout is not TAP)" : ""),
  };
}
