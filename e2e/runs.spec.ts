import { test, expect, openFamily } from "./fixtures";

test("a curator calibrates a demo family and watches the runs finish on the worker pool", async ({ page, signInAs, family }) => {
  test.setTimeout(240_000);
  // Its own family, built like the demo one: no other journey adds patches or runs to it.
  await signInAs("curator");
  await openFamily(page, family);
  await page.getByRole("navigation", { name: "Family" }).getByRole("link", { name: "Runs" }).click();
  await page.getByRole("button", { name: "Calibrate" }).click();
  await expect(page.getByRole("status")).toContainText(/Queued \d+ new run/);
  const progress = page.getByTestId("run-progress");
  await expect(progress).toContainText(/(\d+) of \1 runs finished/, { timeout: 90_000 });
  // Every gate panel refreshes itself when the family's runs finish: no reload, no stale "queued or running".
  await expect(page.locator('[data-stage-gates="calibration"]')).toBeVisible();
  await expect(page.locator('[data-stage-gates="calibration"]')).not.toContainText("queued or running");
  const matrix = page.getByTestId("signature-matrix");
  await expect(matrix.locator("tbody tr", { hasText: /gold #\d/ })).toHaveCount(3);
  // Exactly the seeded patches: base, three gold runs, two negatives, one alternative.
  await expect(matrix.locator("tbody tr")).toHaveCount(7);
  await expect(matrix.locator("tbody tr", { hasText: "negative-A1-remove" })).toContainText("failed");
  await expect(matrix.locator("tbody tr", { hasText: "alternative-destructuring" })).toContainText("passed");
  await expect(page.locator('[data-gate="gold"]')).toContainText("pass");

  // A second click asks for the same runs: nothing runs twice.
  await page.getByRole("button", { name: "Calibrate" }).click();
  await expect(page.getByRole("status")).toContainText(/Queued 0 new run\(s\); \d+ unchanged run\(s\) reused\./);

  await page.getByRole("row", { name: /negative-A1-remove/ }).last().getByRole("button", { name: "Logs" }).click();
  await expect(page.getByText(/Attempt 1 · failed · sandbox/)).toBeVisible();
  // A failed run says why: the probe that did not pass, with the assertion message from the report.
  const failures = page.getByTestId("probe-failures");
  await expect(failures).toContainText("Why it did not pass");
  await expect(failures.locator("li").first()).toContainText(/required lookup of a missing secret .* · fail: \S+/);
  await failures.getByText("failure text from the report").first().click();
  await expect(failures.locator("pre").first()).not.toBeEmpty();
});

test("a lead sees the workers alive on the queue page", async ({ page, signInAs }) => {
  await signInAs("lead");
  await page.goto("/console/queue");
  await expect(page.getByTestId("workers-alive")).not.toHaveText("0");
});
