import { describe, expect, it } from "vitest";
import { goldFinalSet } from "../review/agreement";
import { buildGateReport } from "./report";
import { gateOf, greenFamily } from "./test-fixtures";
import type { TFamilyFacts } from "./types";

/** The green fixture with two matching blind reviews per current revision (and a clean oracle audit of them). */
function reviewed(): TFamilyFacts {
  const facts = greenFamily();
  const keys = facts.histories.map((h) => `${h.revisionId}@1`);
  facts.oracleAudit = { currentRevisionKeys: keys, audit: { revisionKeys: keys, goldCurrent: true }, running: false, findings: [] };
  facts.reviews = facts.histories.map((h) => ({
    revisionId: h.revisionId, number: 1, status: "in_review", acceptedReviewIds: [],
    reviews: ["rey", "rio"].map((who) => ({
      reviewId: `${h.condition}-${who}`, reviewerId: who, reviewerName: who, reviewerIsCurator: false, submitted: true, finalSet: goldFinalSet(h.turns), ambiguous: false,
    })),
  }));
  return facts;
}

describe("independent audit gate", () => {
  it("passes when every current revision has two matching blind reviews", () => {
    const gate = gateOf(reviewed(), "audit", "reviews");
    expect(gate.status).toBe("pass");
    expect(buildGateReport(reviewed()).openStage).toBe("freeze");
  });

  it("waits for missing reviews and names the history", () => {
    const facts = reviewed();
    facts.reviews![1]!.reviews[1]!.submitted = false;
    const gate = gateOf(facts, "audit", "reviews");
    expect(gate.status).toBe("pending");
    expect(gate.missing).toBe("duplicate (revision 1) has 1 of 2 submitted reviews (1 in progress).");
  });

  it("fails a reviewer who misses an atom until the lead accepts it with a rationale", () => {
    const facts = reviewed();
    const dup = facts.reviews![1]!;
    dup.reviews[1]!.finalSet = dup.reviews[1]!.finalSet.slice(0, 1);
    const gate = gateOf(facts, "audit", "reviews");
    expect(gate.status).toBe("fail");
    expect(gate.missing).toMatch(/^duplicate \(revision 1\): rio's final set misses A\d+; the lead accepts/);
    dup.acceptedReviewIds = [dup.reviews[1]!.reviewId];
    expect(gateOf(facts, "audit", "reviews").status).toBe("pass");
  });

  it("fails on a curator's review, a repeated reviewer and an unresolved ambiguity", () => {
    const facts = reviewed();
    facts.reviews![0]!.reviews[0]!.reviewerIsCurator = true;
    facts.reviews![2]!.reviews[1]!.reviewerId = "rey";
    facts.reviews![3]!.reviews[0]!.ambiguous = true;
    const gate = gateOf(facts, "audit", "reviews");
    expect(gate.status).toBe("fail");
    expect(gate.missing).toMatch(/direct \(revision 1\): rey curates this family/);
    expect(gate.missing).toMatch(/override \(revision 1\): rey flagged the history ambiguous/);
    facts.reviews![0]!.reviews[0]!.reviewerIsCurator = false;
    facts.reviews![3]!.reviews[0]!.ambiguous = false;
    expect(gateOf(facts, "audit", "reviews").missing).toBe("split (revision 1) has 1 of 2 submitted reviews.");
  });

  it("waits when the current revision is a draft again", () => {
    const facts = reviewed();
    facts.reviews![0]!.status = "draft";
    expect(gateOf(facts, "audit", "reviews").missing).toBe("direct (revision 1) is a draft; a curator sends it to review.");
  });
});
