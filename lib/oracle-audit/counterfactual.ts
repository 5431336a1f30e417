// Pure: the counterfactual of one hidden dependency — gold with that one name renamed
// (every occurrence in gold's added non-test lines) or that one literal changed — and
// the verdict from the probes that then fail.
import { languageOf } from "./languages";
import type { TDependency } from "./types";

export type TCounterfactualOutcome = "confirmed" | "refuted" | "wider" | "error";

export type TMutation = { ok: true; patch: string; mutation: string; edits: number } | { ok: false; reason: string };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Files of a unified diff, each with its header and body lines. */
function splitDiff(diff: string): { path: string; lines: string[] }[] {
  const files: { path: string; lines: string[] }[] = [];
  for (const line of diff.split("\n")) {
    if (line.startsWith("diff --git ")) files.push({ path: line.replace(/^diff --git a\/(.*) b\/.*$/, "$1"), lines: [line] });
    else if (files.length === 0) files.push({ path: "", lines: [line] });
    else files.at(-1)!.lines.push(line);
    const last = files.at(-1)!;
    if (line.startsWith("+++ b/")) last.path = line.slice(6);
  }
  return files;
}

function rewriteAdded(diff: string, isTest: (path: string) => boolean, edit: (line: string) => string): { patch: string; edits: number } {
  let edits = 0;
  const out = splitDiff(diff).map((file) => {
    if (isTest(file.path)) return file.lines.join("\n");
    return file.lines
      .map((line) => {
        if (!line.startsWith("+") || line.startsWith("+++")) return line;
        const changed = "+" + edit(line.slice(1));
        if (changed !== line) edits++;
        return changed;
      })
      .join("\n");
  });
  return { patch: out.join("\n"), edits };
}

/** A name an agent might have chosen instead, in the dependency's own case convention. */
export function renamedIdentifier(name: string): string {
  if (/^[A-Z0-9_]+$/.test(name)) return `${name}_ALT`;
  if (name.includes("_")) return `${name}_alt`;
  return `${name}Alt`;
}

const defaultIsTest = (path: string) => languageOf(path)?.isTestFile(path) ?? false;

export function mutateGold(gold: string, dep: Pick<TDependency, "kind" | "value" | "match">, isTest: (path: string) => boolean = defaultIsTest): TMutation {
  if (dep.kind === "name") {
    const renamed = renamedIdentifier(dep.value);
    const re = new RegExp(`(?<![A-Za-z0-9_$])${escape(dep.value)}(?![A-Za-z0-9_$])`, "g");
    const { patch, edits } = rewriteAdded(gold, isTest, (line) => line.replace(re, renamed));
    return edits > 0 ? { ok: true, patch, mutation: `${dep.value} → ${renamed}`, edits } : { ok: false, reason: `gold's non-test code never writes ${dep.value}` };
  }
  if (dep.kind === "literal") {
    if (dep.match !== "regex") {
      const raw = dep.value;
      const direct = rewriteAdded(gold, isTest, (line) => (raw.length > 0 ? line.split(raw).join(`${raw}~`) : line));
      if (direct.edits > 0 && !/^-?[0-9]/.test(raw)) return { ok: true, patch: direct.patch, mutation: `"${raw}" → "${raw}~"`, edits: direct.edits };
      if (/^-?[0-9][0-9.]*$/.test(raw)) {
        const re = new RegExp(`(?<![A-Za-z0-9_.])${escape(raw)}(?![A-Za-z0-9_.])`, "g");
        const changed = String(Number(raw) + 1);
        const n = rewriteAdded(gold, isTest, (line) => line.replace(re, changed));
        if (n.edits > 0) return { ok: true, patch: n.patch, mutation: `${raw} → ${changed}`, edits: n.edits };
      }
    }
    // A message built from a template, or a pattern: change its longest word where gold writes it.
    const words = (dep.value.match(/[A-Za-z]{3,}/g) ?? []).sort((a, b) => b.length - a.length);
    for (const word of words) {
      const re = new RegExp(`(?<![A-Za-z])${escape(word)}(?![A-Za-z])`, "g");
      const { patch, edits } = rewriteAdded(gold, isTest, (line) => line.replace(re, `${word}~`));
      if (edits > 0) return { ok: true, patch, mutation: `"${word}" → "${word}~" in the message`, edits };
    }
    return { ok: false, reason: `gold's non-test code never writes the literal ${JSON.stringify(dep.value)}` };
  }
  return { ok: false, reason: "paths have no counterfactual yet" };
}

/** Probes that did not pass: failed, errored, skipped or missing (a unit that no longer loads). */
export function counterfactualOutcome(predicted: readonly string[], failed: readonly string[]): TCounterfactualOutcome {
  if (failed.length === 0) return "refuted";
  const expected = new Set(predicted);
  return failed.every((p) => expected.has(p)) ? "confirmed" : "wider";
}

/** Over finished counterfactuals: measured precision (confirmed or wider among decided) and blast-radius accuracy. */
export function counterfactualSummary(rows: readonly { outcome: string | null; predicted: readonly string[]; failed: readonly string[] }[]) {
  const decided = rows.filter((r) => r.outcome === "confirmed" || r.outcome === "refuted" || r.outcome === "wider");
  const needed = decided.filter((r) => r.outcome !== "refuted");
  const predicted = decided.reduce((n, r) => n + r.predicted.length, 0);
  const failedOfPredicted = decided.reduce((n, r) => n + r.failed.filter((p) => r.predicted.includes(p)).length, 0);
  return {
    decided: decided.length,
    confirmed: decided.filter((r) => r.outcome === "confirmed").length,
    precision: decided.length === 0 ? null : needed.length / decided.length,
    /** Share of the predicted probes that really failed. */
    blastRadiusAccuracy: predicted === 0 ? null : failedOfPredicted / predicted,
  };
}
