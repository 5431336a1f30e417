// Import sources, end to end: a curator cannot import a repository outside the
// allowed folders; an admin adds its folder on the runtime settings page; then
// the same import goes through.
import fs from "node:fs";
import path from "node:path";
import { createDemoRepo, type DemoRepo } from "../lib/demo/demo-repo";
import { expect, test } from "./fixtures";

let outside: string;
let repo: DemoRepo;

test.beforeAll(() => {
  // Not under the temp dir, which the e2e studio allows (playwright.config.ts).
  outside = fs.mkdtempSync("/var/tmp/specpath-e2e-sources-");
  fs.chmodSync(outside, 0o755);
  repo = createDemoRepo(path.join(outside, "vault-lite"));
});

test.afterAll(() => fs.rmSync(outside, { recursive: true, force: true }));

test("an import outside the allowed folders is refused until an admin allows its folder", async ({ page, signInAs }) => {
  test.setTimeout(240_000);
  await signInAs("curator");
  const created = await page.request.post("/api/suites", { data: { name: `sources-e2e-${Date.now()}`, description: "e2e" } });
  expect(created.status()).toBe(201);
  const suite = (await created.json()) as { id: string };
  const funnel = `/suites/${suite.id}/funnel`;

  await page.goto(funnel);
  const pathField = page.getByLabel("Repository path or clone URL", { exact: true });
  await pathField.fill(repo.dir);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "repo:" })).toContainText(`${repo.dir} is not under an allowed import root`);
  await expect(page.getByTestId("import-job")).toHaveCount(0);

  await page.context().clearCookies();
  await signInAs("admin");
  await page.goto("/admin/settings");
  const sources = page.getByTestId("import-sources");
  await expect(sources).toContainText("always allowed:");
  await sources.getByLabel(/Allowed folders/).fill(outside);
  await sources.getByRole("button", { name: "Save sources" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");

  await page.context().clearCookies();
  await signInAs("curator");
  await page.goto(funnel);
  await pathField.fill(repo.dir);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const latest = page.getByTestId("import-job").first();
  // An import screens in the background: under two e2e workers (and their runs) it can take a while.
  await expect(latest).toHaveAttribute("data-status", "done", { timeout: 120_000 });
  await expect(latest.getByTestId("import-message")).toHaveText(`Imported 3 changes on main of ${repo.dir}; the automatic gate kept 1.`);
});
