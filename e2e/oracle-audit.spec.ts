import { test, expect } from "./fixtures";

// A curator drops the error's name from the direct history; the audit flags it as hidden
// for that history only, the counterfactual confirms it, and the drafted addendum clears it.
test("a curator finds a hidden name in one history, sees it confirmed, and clears it with the addendum", async ({ page, signInAs }) => {
  test.setTimeout(240_000);
  await signInAs("curator");
  await page.goto("/suites");
  await page.getByRole("link", { name: "specpath-demo" }).click();
  await page.getByRole("link", { name: "Secret lookup, fully built" }).click();
  await page.waitForURL(/\/families\/[^/]+$/);
  const familyId = new URL(page.url()).pathname.split("/")[2]!;

  const got = await page.request.get(`/api/families/${familyId}/histories/direct/revisions/1`);
  expect(got.status(), await got.text()).toBe(200);
  const revision = await got.json();
  const turns = revision.turns.map((t: { text: string }) => ({ ...t, text: t.text.replaceAll("a SecretNotFoundError", "an error").replaceAll("SecretNotFoundError", "an error") }));
  const saved = await page.request.put(`/api/families/${familyId}/histories/direct/revisions/1`, { data: { version: revision.version, turns } });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.getByRole("navigation", { name: "Family" }).getByRole("link", { name: "Oracle audit" }).click();
  await page.getByRole("button", { name: "Run the audit" }).click();
  const direct = page.locator('[data-testid="oracle-history"][data-condition="direct"]');
  const finding = direct.locator('[data-testid="oracle-finding"][data-name="SecretNotFoundError"]');
  await expect(finding).toBeVisible({ timeout: 120_000 });
  await expect(finding).toContainText("the whole build unit test/secrets.test.js");
  await expect(finding).toContainText("Gold defines it in src/secrets.js");
  await expect(page.locator('[data-testid="oracle-history"][data-condition="split"]')).toContainText("No hidden dependency.");
  await expect(finding.getByTestId("counterfactual")).toHaveAttribute("data-outcome", "confirmed", { timeout: 120_000 });
  await expect(page.locator('[data-gate="oracle_audit"]')).toContainText("fail");

  await finding.getByRole("button", { name: "Addendum…" }).click();
  await expect(finding.getByLabel("Addendum")).toHaveValue(/The module `secrets` must export `SecretNotFoundError` \(relied on by 3 probes\)\./);
  await finding.getByRole("button", { name: "Place addendum" }).click();
  await expect(direct).toContainText("No hidden dependency.", { timeout: 120_000 });
  await expect(page.locator('[data-gate="oracle_audit"]')).toContainText("pass", { timeout: 30_000 });
});
