import { test, expect } from "./fixtures";

test("a newcomer's fully built demo family turns its first four gates green on the workers", async ({ page, signInAs }) => {
  test.setTimeout(180_000);
  await signInAs("curator");
  await page.goto("/suites");
  await page.getByRole("link", { name: "specpath-demo" }).click();
  await page.getByRole("link", { name: "Secret lookup, fully built" }).click();
  for (const stage of ["anchoring", "reconciliation", "calibration", "paths"]) {
    await expect(page.locator(`[data-stage="${stage}"]`)).toHaveAttribute("data-status", "pass", { timeout: 150_000 });
  }
  // With the first four green, the independent audit is the family's open stage: unlocked and
  // in progress (it needs two blind reviews per history), and the lead console lists it there.
  const audit = page.locator('[data-stage="audit"]');
  await expect(audit).toHaveClass(/\bcurrent\b/);
  await expect(audit).toHaveAttribute("data-status", "pending");
  await expect(audit).toContainText("in progress");
  await expect(page.locator('[data-stage="freeze"]')).toContainText("locked");
  const familyUrl = page.url();
  await signInAs("lead");
  await page.goto("/console");
  const familyId = familyUrl.split("/families/")[1]!.split(/[/?#]/)[0]!;
  await expect(page.locator(`[data-family="${familyId}"]`)).toHaveAttribute("data-stage", "audit");
  await expect(page.locator(`[data-family="${familyId}"]`)).toContainText("Independent audit");
});
