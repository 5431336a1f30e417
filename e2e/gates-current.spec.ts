// Issue 12 on the page: the signature matrix shows the current content only, in a
// readable order, scrolling inside its panel (items 1, 14); older runs stay in a
// history; the coverage panel answers with the gate's own sentence (item 7). On a demo-shaped
// family of its own: it edits a negative and calibrates.
import { test, expect, openFamily } from "./fixtures";

test("the signature matrix is ordered, scrolls in its panel and shows current content only; older runs are history", async ({ page, signInAs, family }) => {
  test.setTimeout(240_000);
  await signInAs("curator");
  const familyPath = await openFamily(page, family);
  const familyId = familyPath.split("/").pop()!;

  // Item 7: the coverage panel says what the gate says.
  await page.goto(`${familyPath}/verifier`);
  await expect(page.getByTestId("coverage-gaps")).toHaveText("Every final and fixed atom is covered by a probe.");
  await expect(page.getByTestId("coverage-selectivity")).toHaveText("Each final atom has a probe a negative can fail without breaking another atom.");

  await page.goto(`${familyPath}/runs`);
  await page.getByRole("button", { name: "Calibrate" }).click();
  await expect(page.getByTestId("run-progress")).toContainText(/(\d+) of \1 runs finished/, { timeout: 120_000 });
  const matrix = page.getByTestId("signature-matrix");
  const firstCells = matrix.locator("tbody tr td:first-child");
  await expect(firstCells).toHaveText(["gold #1", "gold #2", "gold #3", "base", "negative-A1-remove (A1)", "negative-A2-reverse (A2)", "alternative-destructuring"]);
  await expect(matrix.locator('th[data-probe-header="required lookup of a missing secret throws SecretNotFoundError"]')).toHaveAttribute(
    "title", "required lookup of a missing secret throws SecretNotFoundError",
  );

  // A narrow panel (as with 20+ probes): the table scrolls inside it instead of widening it or the page.
  const scroll = page.getByTestId("signature-matrix-scroll");
  const box = await scroll.evaluate((el) => {
    (el.parentElement as HTMLElement).style.width = "320px";
    return { overflow: getComputedStyle(el).overflowX, scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, parent: (el.parentElement as HTMLElement).clientWidth };
  });
  expect(box.overflow).toBe("auto");
  expect(box.clientWidth).toBeLessThanOrEqual(box.parent);
  expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);

  // Item 1: edit a negative; its old run leaves the matrix for the history.
  const patches = (await (await page.request.get(`/api/families/${familyId}/patches`)).json()) as { patches: { id: string; name: string; version: number; diff: string }[] };
  const negative = patches.patches.find((p) => p.name === "negative-A1-remove")!;
  expect(negative.diff).toContain("+  return undefined;");
  const saved = await page.request.patch(`/api/families/${familyId}/patches/${negative.id}`, { data: { version: negative.version, diff: negative.diff.replace("+  return undefined;", "+  return void 0;") } });
  expect(saved.ok()).toBe(true);
  await page.reload();
  await expect(matrix.locator("tbody tr td:first-child")).toHaveText(["gold #1", "gold #2", "gold #3", "base", "negative-A2-reverse (A2)", "alternative-destructuring"]);
  const history = page.getByTestId("run-history");
  await expect(history).toContainText(/History: \d+ older run\(s\)/);
  await history.locator("summary").click();
  await expect(history).toContainText("negative-A1-remove (A1)");
  await expect(page.locator('[data-gate="negatives"]')).toContainText("Negative negative-A1-remove: no finished calibration run yet.");

  await page.getByRole("button", { name: "Calibrate" }).click();
  await expect(page.getByRole("status")).toContainText(/Queued [1-9]\d* new run\(s\)/);
  await expect(matrix.locator("tbody tr td:first-child")).toHaveText(
    ["gold #1", "gold #2", "gold #3", "base", "negative-A1-remove (A1)", "negative-A2-reverse (A2)", "alternative-destructuring"], { timeout: 60_000 },
  );
  await expect(page.locator('[data-gate="negatives"]').locator(".chip").first()).toHaveText("pass", { timeout: 60_000 });
});
