// A form the server sends works only once the page's scripts run: before that, a click would
// submit it natively (a GET of the same page) and lose what was typed. So every form waits for
// them — its fields and buttons are disabled until the page is hydrated, and a click waits too.
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";

test("a form shown before the page's scripts run stays disabled until they do, then imports", async ({ page, signInAs }) => {
  // Under the temp dir, which the e2e studio allows (playwright.config.ts); it does not exist.
  const missing = path.join(os.tmpdir(), `specpath-e2e-before-scripts-${Date.now()}`);
  await signInAs("curator");
  const created = await page.request.post("/api/suites", { data: { name: `before-scripts-e2e-${Date.now()}`, description: "e2e" } });
  expect(created.status()).toBe(201);
  const suite = (await created.json()) as { id: string };

  // Hold the page's scripts until the form has been looked at.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/_next/static/chunks/**", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/suites/${suite.id}/funnel`, { waitUntil: "commit" });
  const button = page.getByRole("button", { name: "Import", exact: true });
  await expect(button).toBeVisible();
  await expect(button).toBeDisabled();
  await expect(page.getByLabel("Repository path or clone URL", { exact: true })).toBeDisabled();

  release();
  await expect(button).toBeEnabled();
  await page.getByLabel("Repository path or clone URL", { exact: true }).fill(missing);
  await button.click();
  const job = page.getByTestId("import-job").first();
  await expect(job).toHaveAttribute("data-status", "failed", { timeout: 60_000 });
  await expect(job.getByTestId("import-message")).toHaveText(`${missing} is not a git repository (no such directory)`);
});
