import { test, expect } from "./fixtures";
import { seedSseFamily } from "./oracle-seed";

// The audit flags `valueSSE` (a module only gold defines) in every history and the exact
// message on its test only; the counterfactual confirms; the curator's addendum clears the
// name, and a lead waives the message in one history with a rationale.
test("a curator audits a family, places the drafted addendum, and a lead waives a message", async ({ page, signInAs }) => {
  test.setTimeout(240_000);
  const family = await seedSseFamily(`Oracle audit e2e ${Date.now()}`);
  await signInAs("curator");
  await page.goto(`/families/${family.id}`);
  await page.getByRole("navigation", { name: "Family" }).getByRole("link", { name: "Oracle audit" }).click();
  await page.getByRole("button", { name: "Run the audit" }).click();

  const history = (condition: string) => page.locator(`[data-testid="oracle-history"][data-condition="${condition}"]`);
  const finding = (condition: string, name: string) => history(condition).locator(`[data-testid="oracle-finding"][data-name="${name}"]`);
  const name = finding("direct", "valueSSE");
  await expect(name).toBeVisible({ timeout: 120_000 });
  await expect(finding("split", "valueSSE")).toBeVisible();
  await expect(name).toContainText("the whole build unit test/sse.test.js (test file): 2 probes");
  await expect(name).toContainText("Gold defines it in src/rest/handler.js:1");
  await expect(name.getByTestId("counterfactual")).toHaveAttribute("data-outcome", "confirmed", { timeout: 120_000 });
  const message = finding("direct", "event data must not be empty");
  await expect(message).toContainText("one test in test/events.test.js (test file): 1 probe");
  await expect(page.locator('[data-gate="oracle_audit"]')).toContainText("fail");

  await name.getByRole("button", { name: "Addendum…" }).click();
  await expect(name.getByLabel("Addendum")).toHaveValue("The module `src/rest/handler.js` must export `valueSSE`.");
  await name.getByRole("button", { name: "Place addendum" }).click();
  // The next audit reads the new revisions: the name and its module are stated now, the message is not.
  await expect(history("direct")).toContainText("r2", { timeout: 120_000 });
  await expect(finding("direct", "valueSSE")).toHaveCount(0, { timeout: 120_000 });
  await expect(finding("split", "valueSSE")).toHaveCount(0);
  await expect(finding("direct", "event data must not be empty")).toBeVisible();

  await signInAs("lead");
  await page.reload();
  const open = finding("direct", "event data must not be empty");
  await open.getByRole("button", { name: "Waive…" }).click();
  await open.getByLabel("Rationale").fill("The message is quoted in the issue every agent is shown.");
  await open.getByRole("button", { name: "Waive", exact: true }).click();
  await expect(open.getByTestId("resolution")).toHaveText("waived");
});
