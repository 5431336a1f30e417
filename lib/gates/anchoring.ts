// Pure: the gates of stage 1, source anchoring.
import { findings, listOf, settle } from "./gate";
import type { TRunIndex } from "./runs";
import type { TAnchoringFacts, TGate } from "./types";

const blank = (s: string | null | undefined) => s === null || s === undefined || s.trim() === "";
const short = (commit: string) => commit.slice(0, 12);

function provenance(a: TAnchoringFacts): TGate {
  const f = findings();
  const parts = [
    { label: "repository", value: a.repo, resolved: a.resolved.repo, shown: a.repo ?? "" },
    { label: "base commit", value: a.baseCommit, resolved: a.resolved.baseCommit, shown: short(a.baseCommit ?? "") },
    { label: "merge commit", value: a.mergeCommit, resolved: a.resolved.mergeCommit, shown: short(a.mergeCommit ?? "") },
  ];
  for (const part of parts) {
    if (blank(part.value)) {
      f.waits.push(`Bind the family to a ${part.label}.`);
      continue;
    }
    f.evidence.push({ label: part.label, detail: `${part.shown} (${part.resolved === true ? "resolves" : part.resolved === false ? "does not resolve" : "not checked yet"})` });
    if (part.resolved === false) f.failures.push(`The ${part.label} ${part.shown} does not resolve${part.label === "repository" ? "" : ` in ${a.repo}`}.`);
    else if (part.resolved === null) f.waits.push(`The ${part.label} ${part.shown} has not been checked against the remote yet.`);
  }
  if (a.prNumber !== null) f.evidence.push({ label: "pull request", detail: `#${a.prNumber}` });
  return settle("anchoring", "provenance", "Provenance bound to a real PR", f);
}

function checkout(runs: TRunIndex): TGate {
  const f = findings();
  const latest = runs.checkout.at(-1);
  if (!latest) f.waits.push("Request a base checkout job to show the base commit reproduces.");
  else {
    f.evidence.push({ label: "latest checkout run", detail: `${latest.id}: ${latest.status}${latest.message ? ` (${latest.message})` : ""}` });
    if (latest.status === "queued" || latest.status === "running") f.waits.push(`The base checkout job is ${latest.status}.`);
    else if (latest.status !== "passed") f.failures.push(`The base checkout job ended in ${latest.status}${latest.message ? `: ${latest.message}` : ""}.`);
  }
  return settle("anchoring", "checkout", "Base checkout reproduces", f);
}

function evidence(a: TAnchoringFacts): TGate {
  const f = findings();
  const captured = (["issue", "description", "review", "diff"] as const).filter((k) => a.evidence[k]);
  f.evidence.push({ label: "captured", detail: listOf(captured) });
  if (!a.evidence.diff) f.waits.push("Capture the pull request's diff.");
  if (!a.evidence.issue && !a.evidence.description && !a.evidence.review) {
    f.waits.push("Capture the linked issue, the PR description or the review discussion.");
  }
  return settle("anchoring", "evidence", "Evidence captured", f);
}

function slice(a: TAnchoringFacts): TGate {
  const f = findings();
  const inSlice = a.files.filter((x) => x.inSlice);
  const sources = inSlice.filter((x) => x.kind === "source").map((x) => x.path);
  const tests = inSlice.filter((x) => x.kind === "test").map((x) => x.path);
  f.evidence.push({ label: "in-slice source files", detail: listOf(sources) });
  f.evidence.push({ label: "in-slice test files", detail: listOf(tests) });
  if (sources.length === 0) f.waits.push("Keep at least one source file in the behavioral slice.");
  if (tests.length === 0) f.waits.push("Keep at least one test file in the behavioral slice.");
  return settle("anchoring", "slice", "Behavioral slice has source and tests", f);
}

function exclusions(a: TAnchoringFacts): TGate {
  const f = findings();
  let excluded = 0;
  for (const file of a.files) {
    if (!file.inSlice) {
      excluded++;
      if (blank(file.reason)) f.failures.push(`${file.path} is out of the slice without a reason.`);
      continue;
    }
    for (const hunk of file.hunks) {
      if (hunk.inSlice) continue;
      excluded++;
      if (blank(hunk.reason)) f.failures.push(`Hunk ${hunk.index + 1} of ${file.path} is out of the slice without a reason.`);
    }
  }
  f.evidence.push({ label: "excluded files and hunks", detail: String(excluded) });
  return settle("anchoring", "exclusions", "Every exclusion has a reason", f);
}

export function anchoringGates(a: TAnchoringFacts, runs: TRunIndex): TGate[] {
  return [provenance(a), checkout(runs), evidence(a), slice(a), exclusions(a)];
}
