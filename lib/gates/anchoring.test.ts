import { describe, expect, it } from "vitest";
import { gateOf, greenFamily, run } from "./test-fixtures";
import type { TFamilyFacts } from "./types";

const anchoring = (change: (f: TFamilyFacts) => void, key: string) => {
  const facts = greenFamily();
  change(facts);
  const { status, missing } = gateOf(facts, "anchoring", key);
  return { status, missing };
};

describe("anchoring gates", () => {
  it("provenance: waits for unbound or unchecked commits, fails on ones that do not resolve", () => {
    expect(anchoring((f) => (f.anchoring.mergeCommit = null), "provenance")).toEqual({ status: "pending", missing: "Bind the family to a merge commit." });
    expect(anchoring((f) => (f.anchoring.resolved.baseCommit = null), "provenance")).toEqual({
      status: "pending",
      missing: "The base commit aaaaaaaaaaaa has not been checked against the remote yet.",
    });
    expect(anchoring((f) => (f.anchoring.resolved.mergeCommit = false), "provenance")).toEqual({
      status: "fail",
      missing: "The merge commit bbbbbbbbbbbb does not resolve in TracecatHQ/tracecat.",
    });
  });

  it("checkout: pending with no job or while queued, fail when it failed, the latest job decides", () => {
    expect(anchoring((f) => (f.runs = f.runs.filter((r) => r.kind !== "checkout")), "checkout")).toEqual({
      status: "pending",
      missing: "Request a base checkout job to show the base commit reproduces.",
    });
    expect(anchoring((f) => f.runs.push(run({ kind: "checkout", status: "running" })), "checkout").status).toBe("pending");
    expect(anchoring((f) => f.runs.push(run({ kind: "checkout", status: "infrastructure_error", message: "clone failed" })), "checkout")).toEqual({
      status: "fail",
      missing: "The base checkout job ended in infrastructure_error: clone failed.",
    });
    expect(anchoring((f) => f.runs.push(run({ kind: "checkout", status: "cancelled" })), "checkout").status).toBe("pass");
  });

  it("evidence: needs the diff and at least one text source", () => {
    expect(anchoring((f) => (f.anchoring.evidence = { issue: false, description: false, review: false, diff: true }), "evidence")).toEqual({
      status: "pending",
      missing: "Capture the linked issue, the PR description or the review discussion.",
    });
    expect(anchoring((f) => (f.anchoring.evidence.diff = false), "evidence").missing).toBe("Capture the pull request's diff.");
  });

  it("slice: needs an in-slice source file and an in-slice test file", () => {
    expect(anchoring((f) => (f.anchoring.files[1]!.inSlice = false), "slice")).toEqual({
      status: "pending",
      missing: "Keep at least one test file in the behavioral slice.",
    });
    expect(anchoring((f) => (f.anchoring.files = []), "slice").missing).toBe(
      "Keep at least one source file in the behavioral slice. Keep at least one test file in the behavioral slice.",
    );
  });

  it("exclusions: every excluded file and hunk has a reason", () => {
    expect(anchoring((f) => (f.anchoring.files[2]!.reason = "  "), "exclusions")).toEqual({
      status: "fail",
      missing: "CHANGELOG.md is out of the slice without a reason.",
    });
    expect(anchoring((f) => (f.anchoring.files[0]!.hunks[1]!.reason = null), "exclusions").missing).toBe(
      "Hunk 2 of tracecat/secrets.py is out of the slice without a reason.",
    );
  });
});
