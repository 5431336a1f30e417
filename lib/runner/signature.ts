// Pure: probes → signature.
//
// A probe matches executed tests by exact id, nothing fuzzy. A probe that
// matches no executed test is `missing`, and any missing probe makes the run
// `empty_collection`: fail closed, never a pass. A probe's bit is 1 only when
// every execution with its id passed (a skipped probe proved nothing: 0).

import type { ExecutedTest, TestOutcome } from "./parsers/types";

export type ProbeStatus = TestOutcome | "missing";

export interface ProbeResult {
  probe: string;
  status: ProbeStatus;
  /** How many executed tests carried this id (0 when missing). */
  count: number;
  /** Why it did not pass, from the report (JUnit <failure>, TAP diagnostics), when it says. */
  message?: string;
  detail?: string;
}

/** One id of the executed tests, with its worst outcome and how often it ran. */
export interface TestSummary {
  id: string;
  outcome: TestOutcome;
  count: number;
  /** The worst execution's failure message and detail, when the report gives them. */
  message?: string;
  detail?: string;
}

export type SignatureOutcome = "passed" | "failed" | "empty_collection";

export interface Signature {
  outcome: SignatureOutcome;
  /** One character per probe, in probe order: "1" passed, "0" anything else. */
  bits: string;
  probes: ProbeResult[];
  missing: string[];
}

const SEVERITY: Record<TestOutcome, number> = { pass: 0, skip: 1, fail: 2, error: 3 };

export function summarizeTests(tests: readonly ExecutedTest[]): TestSummary[] {
  const byId = new Map<string, TestSummary>();
  for (const test of tests) {
    const seen = byId.get(test.id);
    if (!seen) byId.set(test.id, withReason<TestSummary>({ id: test.id, outcome: test.outcome, count: 1 }, test));
    else {
      seen.count += 1;
      if (SEVERITY[test.outcome] > SEVERITY[seen.outcome]) {
        seen.outcome = test.outcome;
        delete seen.message;
        delete seen.detail;
        withReason(seen, test);
      }
    }
  }
  return [...byId.values()];
}

function withReason<T extends { message?: string; detail?: string }>(target: T, test: ExecutedTest): T {
  if (test.outcome === "pass") return target;
  if (test.message) target.message = test.message;
  if (test.detail) target.detail = test.detail;
  return target;
}

/** Ids that several executed tests share: a probe on one of them cannot say which test it means. */
export function ambiguousTests(tests: readonly TestSummary[]): TestSummary[] {
  return tests.filter((t) => t.count > 1);
}

export function computeSignature(probes: readonly string[], tests: readonly ExecutedTest[]): Signature {
  const byId = new Map(summarizeTests(tests).map((s) => [s.id, s]));
  const results: ProbeResult[] = probes.map((probe) => {
    const hit = byId.get(probe);
    if (!hit) return { probe, status: "missing", count: 0 };
    const result: ProbeResult = { probe, status: hit.outcome, count: hit.count };
    if (hit.message) result.message = hit.message;
    if (hit.detail) result.detail = hit.detail;
    return result;
  });
  const bits = results.map((r) => (r.status === "pass" ? "1" : "0")).join("");
  const missing = results.filter((r) => r.status === "missing").map((r) => r.probe);
  const outcome: SignatureOutcome =
    probes.length === 0 || missing.length > 0 ? "empty_collection" : bits.includes("0") ? "failed" : "passed";
  return { outcome, bits, probes: results, missing };
}
