import { test, expect } from "./fixtures";

test("a newcomer's fully built demo family turns its first four gates green on the workers", async ({ page, signInAs }) => {
  test.setTimeout(360_000);
  await signInAs("curator");
  await page.goto("/suites");
  await page.getByRole("link", { name: "specpath-demo" }).click();
  await page.getByRole("link", { name: "Secret lookup, fully built", exact: true }).click();
  // Generous: the demo's runs share the worker pool with the other specs' calibrations.
  for (const stage of ["anchoring", "reconciliation", "calibration", "paths"]) {
    await expect(page.locator(`[data-stage="${stage}"]`)).toHaveAttribute("data-status", "pass", { timeout: 300_000 });
  }
  // The independent audit's review gate is green from real records: the seed's blind reviews,
  // the lead's revise decision on the duplicate history and its two fresh re-reviews.
  await expect(page.locator('[data-stage-gates="audit"] [data-gate="reviews"] [data-status]')).toHaveAttribute("data-status", "pass");
  // The lead console lists the family at its open stage: the audit while stage 5 waits, freeze while it waits
  // for the lead, done once the demo lead has frozen it (which the studio does as soon as every gate is green).
  const familyUrl = page.url();
  await signInAs("lead");
  await page.goto("/console");
  const familyId = familyUrl.split("/families/")[1]!.split(/[/?#]/)[0]!;
  await expect(page.locator(`[data-family="${familyId}"]`)).toHaveAttribute("data-stage", /^(audit|freeze|done)$/);
});
