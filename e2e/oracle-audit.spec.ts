import { test, expect } from "./fixtures";

// The audit flags `valueSSE` (a module only gold defines) in both histories and the exact
// message on its test only; the tab lists every dependency per history, filterable; the
// counterfactual confirms; the curator's addendum, placed once, clears the name in both
// histories; a lead waives the message once for every history with a rationale.
test("a curator audits a family, places the drafted addendum once, and a lead waives a message for every history", async ({ page, signInAs, sseFamily: family }) => {
  test.setTimeout(240_000);
  await signInAs("curator");
  await page.goto(`/families/${family.id}`);
  await page.getByRole("navigation", { name: "Family" }).getByRole("link", { name: "Oracle audit" }).click();
  await page.getByRole("button", { name: "Run the audit" }).click();

  const hidden = page.getByTestId("oracle-hidden");
  const card = (name: string) => hidden.locator(`[data-testid="oracle-finding"][data-name="${name}"]`);
  const name = card("valueSSE");
  await expect(name).toBeVisible({ timeout: 120_000 });
  await expect(name.getByTestId("oracle-finding-history")).toHaveText(["direct", "split"]);
  await expect(name).toContainText("the whole build unit test/sse.test.js (test file): 2 probes");
  await expect(name).toContainText("Gold defines it in src/rest/handler.js:1");
  await expect(name.getByTestId("counterfactual")).toHaveAttribute("data-outcome", "confirmed", { timeout: 120_000 });
  const message = card("event data must not be empty");
  await expect(message).toContainText("one test in test/events.test.js (test file): 1 probe");
  await expect(page.locator('[data-gate="oracle_audit"]')).toContainText("fail");

  // Every dependency, per history, with its class and reason; filters narrow it.
  const table = page.getByTestId("oracle-dependencies");
  await table.getByLabel("Class").selectOption("visible");
  await expect(table.locator('[data-testid="oracle-dependency"][data-category="visible"][data-name="parseEvent"]').first()).toBeVisible();
  await expect(table.locator('[data-testid="oracle-dependency"]:not([data-category="visible"])')).toHaveCount(0);
  await table.getByLabel("Class").selectOption("");
  await table.getByLabel("File").selectOption("test/sse.test.js");
  await expect(table.locator('[data-testid="oracle-dependency"][data-condition="split"][data-name="streamValues"]')).toContainText("hidden");
  await expect(table.locator('[data-testid="oracle-dependency"][data-condition="direct"][data-name="streamValues"]')).not.toContainText("hidden");

  await name.getByRole("button", { name: "Addendum…" }).click();
  await expect(name.getByLabel("Addendum")).toHaveValue(/valueSSE/);
  await name.getByRole("button", { name: "Place addendum" }).click();
  // The next audit reads the new revisions: the name is stated now in both, the message is not.
  await expect(page.locator('[data-testid="oracle-history"][data-condition="direct"]')).toContainText("r2", { timeout: 120_000 });
  await expect(card("valueSSE")).toHaveCount(0, { timeout: 120_000 });
  await expect(card("event data must not be empty")).toBeVisible();

  await signInAs("lead");
  await page.reload();
  const open = card("event data must not be empty");
  await open.getByRole("button", { name: "Waive…" }).click();
  await open.getByLabel("Rationale").fill("The message is quoted in the issue every agent is shown.");
  await open.getByRole("button", { name: "Waive for every history" }).click();
  await expect(open.getByTestId("oracle-finding-history")).toHaveText(["direct: waived", "split: waived"]);
  await expect(page.getByTestId("oracle-waivers")).toContainText("every history");
});
