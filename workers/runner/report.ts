// Reads the report the test command left at $SPECPATH_REPORT and parses it.

import { readFile, stat } from "node:fs/promises";
import { parseJUnit } from "./parsers/junit";
import { parseTap } from "./parsers/tap";
import { ReportParseError, type ParsedReport, type ReportFormat } from "./parsers/types";

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
  const size = await stat(input.file).then((s) => s.size, () => null);
  if (size !== null) {
    if (size > MAX_REPORT_BYTES) {
      return { ok: false, reason: "report_unparseable", message: `the report is ${size} bytes, over the ${MAX_REPORT_BYTES} byte limit` };
    }
    try {
      return { ok: true, report: parse(await readFile(input.file, "utf8"), { roots: input.roots }), source: "file" };
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
