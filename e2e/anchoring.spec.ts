// Source anchoring, end to end: import a real repository, screen the funnel, admit the good
// pull request, classify and slice its diff, and watch the anchoring gate turn green once the
// worker pool has checked out the base commit.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDemoRepo, type DemoRepo } from "../lib/demo/demo-repo";
import { expect, test } from "./fixtures";

let tmp: string;
let repo: DemoRepo;

test.beforeAll(() => {
  // The studio runs on this machine, so it can read a repository the spec makes.
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-e2e-anchoring-"));
  fs.chmodSync(tmp, 0o755);
  repo = createDemoRepo(path.join(tmp, "vault-lite"));
});

test.afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

test("a curator imports a repository, admits the good change, slices it, and the anchoring gate turns green", async ({ page, signInAs }) => {
  test.setTimeout(240_000);
  await signInAs("curator");
  const created = await page.request.post("/api/suites", { data: { name: `anchoring-e2e-${Date.now()}`, description: "e2e" } });
  expect(created.status()).toBe(201);
  const suite = (await created.json()) as { id: string };

  await page.goto(`/suites/${suite.id}`);
  await page.getByRole("link", { name: /Candidate funnel/ }).click();
  await expect(page.getByRole("heading", { name: "Candidate funnel" })).toBeVisible();

  // A folder that is not a repository: the import says so and leaves nothing.
  const pathField = page.getByLabel("Repository path or clone URL", { exact: true });
  await pathField.fill(tmp);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const latest = page.getByTestId("import-job").first();
  await expect(latest).toHaveAttribute("data-status", "failed", { timeout: 60_000 });
  await expect(latest.getByTestId("import-message")).toHaveText(`${tmp} is not a git repository`);
  await expect(page.getByTestId("funnel-found").locator("strong")).toHaveText("0");

  await pathField.fill(repo.dir);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  // An import screens in the background: under two e2e workers (and their runs) it can take a while.
  await expect(latest).toHaveAttribute("data-status", "done", { timeout: 120_000 });
  await expect(latest.getByTestId("import-message")).toHaveText(`Imported 3 changes on main of ${repo.dir}; the automatic gate kept 1.`);

  const counts: [string, number][] = [
    ["found", 3], ["merged", 3], ["non_bot", 2], ["source_and_tests", 1], ["not_generated_dominated", 1], ["size_ok", 1], ["admitted", 0],
  ];
  for (const [step, count] of counts) await expect(page.getByTestId(`funnel-${step}`).locator("strong")).toHaveText(String(count));

  const lockFile = page.getByTestId("candidate").filter({ hasText: "chore: refresh lock file" });
  await expect(lockFile.getByLabel("Reasons")).toContainText("non-bot: the author is a bot");
  await expect(lockFile.getByLabel("Reasons")).toContainText("not generated-dominated: generated files hold 100% of the change");
  const docs = page.getByTestId("candidate").filter({ hasText: "docs: usage notes" });
  await expect(docs.getByLabel("Reasons")).toContainText("source + tests: no source file changed");
  await expect(docs.getByLabel("Reasons")).toContainText("source + tests: no test file changed");

  // Rejecting needs a reason; the server says which field is missing.
  await docs.getByRole("button", { name: /^Reject docs/ }).click();
  await docs.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(docs.getByRole("alert")).toContainText("reason: is required");
  await docs.getByLabel("Reason for rejecting").fill("documentation only");
  await docs.getByRole("button", { name: "Reject", exact: true }).click();
  await expect(docs).toHaveAttribute("data-status", "rejected");
  await expect(docs).toContainText("documentation only");

  await page.getByLabel("Left the funnel at").selectOption("source_and_tests");
  await expect(page.getByTestId("candidate")).toHaveCount(1);
  await expect(page.getByTestId("candidate")).toContainText("docs: usage notes");
  await page.getByLabel("Left the funnel at").selectOption("");
  await page.getByLabel("Verdict").selectOption("all");
  await expect(page.getByTestId("candidate")).toHaveCount(3);

  const good = page.getByTestId("candidate").filter({ hasText: "Split secret lookup into required and optional" });
  await good.getByRole("button", { name: /^Admit Split/ }).click();
  await expect(page).toHaveURL(/\/families\/[^/]+\/evidence$/);
  const evidenceUrl = page.url();
  await expect(page.getByRole("heading", { name: "Split secret lookup into required and optional" })).toBeVisible();
  await expect(page.getByTestId("pr-description")).toContainText("Fixes #12: a missing required secret now raises SecretNotFoundError");

  const source = page.locator('[data-testid="diff-file"][data-path="src/secrets.js"]');
  const tests = page.locator('[data-testid="diff-file"][data-path="test/secrets.test.js"]');
  await expect(source).toHaveAttribute("data-kind", "source");
  await expect(tests).toHaveAttribute("data-kind", "test");
  await expect(page.getByTestId("diff-viewer")).toHaveAttribute("data-path", "src/secrets.js");
  await expect(page.getByTestId("monaco-diff")).toHaveAttribute("data-diff-ready", "true", { timeout: 30_000 });

  // Classification: a test file taken for source leaves the slice without tests; corrected back.
  await page.getByLabel("Kind of test/secrets.test.js").selectOption("source");
  await expect(page.getByTestId("gate-slice")).toHaveAttribute("data-status", "pending");
  await expect(page.getByTestId("gate-slice")).toContainText("Keep at least one test file in the behavioral slice.");
  await page.getByLabel("Kind of test/secrets.test.js").selectOption("test");
  await expect(page.getByTestId("gate-slice")).toHaveAttribute("data-status", "pass");

  // Slicing: an exclusion without a reason is refused by the server; with one it is kept.
  await page.getByLabel("src/secrets.js in the slice").uncheck();
  await source.getByRole("button", { name: "Save" }).click();
  await expect(source.getByRole("alert")).toContainText("reason: is required");
  await expect(source).toHaveAttribute("data-in-slice", "true");
  await page.getByLabel("Why src/secrets.js is out of the slice").fill("checking the gate");
  await source.getByRole("button", { name: "Save" }).click();
  await expect(source).toHaveAttribute("data-in-slice", "false");
  await expect(page.getByTestId("gate-slice")).toContainText("Keep at least one source file in the behavioral slice.");
  await page.getByLabel("src/secrets.js in the slice").check();
  await expect(source).toHaveAttribute("data-in-slice", "true");
  await expect(page.getByTestId("gate-slice")).toHaveAttribute("data-status", "pass");

  // Nothing typed is lost: while a reason is unsaved, leaving asks first; it saves when its field loses focus.
  const beforeUnloadWarns = () => page.evaluate(() => {
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
  await page.getByLabel("src/secrets.js in the slice").uncheck();
  await page.getByLabel("Why src/secrets.js is out of the slice").fill("generated by the build");
  await expect(source.getByTestId("unsaved")).toHaveText("unsaved");
  expect(await beforeUnloadWarns()).toBe(true);
  await page.getByTestId("pr-description").click();
  await expect(source).toHaveAttribute("data-in-slice", "false");
  await expect(source.getByTestId("unsaved")).toHaveCount(0);
  expect(await beforeUnloadWarns()).toBe(false);
  await page.getByLabel("src/secrets.js in the slice").check();
  await expect(source).toHaveAttribute("data-in-slice", "true");

  // A quote from the description becomes an anchor.
  await page.getByTestId("pr-description").locator("p").evaluate((element) => {
    const range = document.createRange();
    range.setStart(element.firstChild!, 0);
    range.setEnd(element.firstChild!, 9);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
  });
  await page.getByRole("button", { name: "Save selected text as anchor" }).click();
  await expect(page.getByTestId("anchor")).toHaveCount(1);
  await expect(page.getByTestId("anchor")).toContainText("Fixes #12");

  // A link to a place opens that file at that line.
  await page.goto(`${evidenceUrl}?file=${encodeURIComponent("test/secrets.test.js")}&line=9`);
  await expect(page.getByTestId("diff-viewer")).toHaveAttribute("data-path", "test/secrets.test.js");
  await expect(page.getByTestId("monaco-diff")).toHaveAttribute("data-diff-ready", "true", { timeout: 30_000 });

  await page.getByRole("button", { name: "Use slice as gold / hidden tests" }).click();
  await expect(page.getByTestId("slice-result")).toHaveText("Gold patch: src/secrets.js. Hidden tests: test/secrets.test.js.");

  // The worker pool checks out base and merge commit; then every anchoring gate is green.
  await expect(page.getByTestId("checkout-status")).toHaveAttribute("data-status", "passed", { timeout: 120_000 });
  await expect(page.getByTestId("anchoring-gate")).toHaveAttribute("data-status", "pass");
  for (const gate of ["provenance", "checkout", "evidence", "slice", "exclusions"]) {
    await expect(page.getByTestId(`gate-${gate}`)).toHaveAttribute("data-status", "pass");
  }
});
