import { test, expect } from "./fixtures";

test("a curator calibrates the demo family and watches the runs finish on the worker pool", async ({ page, signInAs }) => {
  test.setTimeout(120_000);
  await signInAs("curator");
  await page.goto("/suites");
  await page.getByRole("link", { name: "specpath-demo" }).click();
  await page.getByRole("link", { name: "Required and optional secret lookup" }).click();
  await page.getByRole("navigation", { name: "Family" }).getByRole("link", { name: "Runs" }).click();
  await page.getByRole("button", { name: "Calibrate" }).click();
  await expect(page.getByRole("status")).toContainText(/Queued \d+ new run/);
  const progress = page.getByTestId("run-progress");
  await expect(progress).toContainText(/(\d+) of \1 runs finished/, { timeout: 90_000 });
  // Every gate panel refreshes itself when the family's runs finish: no reload, no stale "queued or running".
  await expect(page.locator('[data-stage-gates="calibration"]')).toBeVisible();
  await expect(page.locator('[data-stage-gates="calibration"]')).not.toContainText("queued or running");
  const matrix = page.getByTestId("signature-matrix");
  // Other journeys may have added patches to the demo family; these rows are the seeded ones.
  await expect(matrix.locator("tbody tr", { hasText: /gold #\d/ })).toHaveCount(3);
  await expect(matrix.locator("tbody tr", { hasText: "negative-A1-remove" })).toContainText("failed");
  await expect(matrix.locator("tbody tr", { hasText: "alternative-destructuring" })).toContainText("passed");
  await expect(page.locator('[data-gate="gold"]')).toContainText("pass");

  // A second click asks for the same runs: nothing runs twice.
  await page.getByRole("button", { name: "Calibrate" }).click();
  await expect(page.getByRole("status")).toContainText(/Queued 0 new run\(s\); \d+ unchanged run\(s\) reused\./);

  await page.getByRole("row", { name: /negative-A1-remove/ }).last().getByRole("button", { name: "Logs" }).click();
  await expect(page.getByText(/Attempt 1 · failed · sandbox/)).toBeVisible();
});

test("a lead sees the workers alive on the queue page", async ({ page, signInAs }) => {
  await signInAs("lead");
  await page.goto("/console/queue");
  await expect(page.getByTestId("workers-alive")).not.toHaveText("0");
});
