import type { Page } from "@playwright/test";
import { test, expect, openFamily } from "./fixtures";

const CORE = ["anchoring", "reconciliation", "calibration", "paths"];

async function waitForGreen(page: Page, familyId: string) {
  await page.goto(`/families/${familyId}`);
  for (const stage of CORE) await expect(page.locator(`[data-stage="${stage}"]`)).toHaveAttribute("data-status", "pass", { timeout: 240_000 });
}

// Its own fully built family, every gate before freeze green (calibrated on the workers, reviewed
// blind through the review mutations, oracle-audited): the lead freezes it on the package page.
test("a lead freezes, exports, annotates, opens version 2, freezes it and sees the diff", async ({ page, signInAs, greenFamily, reviews }) => {
  test.setTimeout(900_000);
  await signInAs("lead");
  const familyId = (await openFamily(page, greenFamily)).split("/families/")[1]!;
  await waitForGreen(page, familyId);

  await page.goto(`/families/${familyId}/package`);
  await page.getByRole("button", { name: "Freeze…" }).click();
  await page.getByRole("button", { name: "Freeze the package" }).click();
  await expect(page.getByTestId("frozen-badge")).toBeVisible();
  const hash = (await page.getByTestId("package-hash").textContent())!.trim();
  expect(hash).toMatch(/^[0-9a-f]{64}$/);

  for (const [label, ending] of [["Native package (.tar.gz)", ".tar.gz"], ["SWE-bench JSONL", ".jsonl"], ["Harbor tasks (.tar.gz)", ".harbor.tar.gz"]] as const) {
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: label }).click();
    expect((await download).suggestedFilename()).toBe(`specpath-${hash.slice(0, 12)}${ending}`);
  }

  // An edit is refused, naming the package.
  const atoms = await (await page.request.get(`/api/families/${familyId}/atoms`)).json();
  const atom = (Array.isArray(atoms) ? atoms : atoms.atoms)[0];
  await signInAs("curator");
  const edit = await page.request.patch(`/api/families/${familyId}/atoms/${atom.id}`, { data: { version: atom.version, statement: "changed after freeze" } });
  expect(edit.status()).toBe(409);
  expect((await edit.json()).error).toContain(hash);

  await signInAs("lead");
  await page.goto(`/families/${familyId}/package`);
  await page.getByLabel("What").fill("The split history's second turn is longer than the others.");
  await page.getByLabel("Rationale").fill("Noticed after freeze; it does not change the contract.");
  await page.getByRole("button", { name: "Add annotation" }).click();
  await expect(page.getByTestId("annotations")).toContainText("second turn is longer");
  await expect(page.getByTestId("package-hash")).toHaveText(hash);

  await page.getByRole("button", { name: /Open version 2/ }).click();
  await page.waitForURL((url) => /\/families\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(familyId));
  const v2 = page.url().split("/families/")[1]!.split("/")[0]!;

  // Change one history turn of version 2, then calibrate it on the workers.
  await signInAs("curator");
  const revision = await (await page.request.get(`/api/families/${v2}/histories/split/revisions/1`)).json();
  const turns = revision.turns.map((t: { text: string; activated: string[]; deactivated: string[]; restated: string[] }, i: number) => ({
    text: i === 0 ? `${t.text} Please keep the existing behaviour for present secrets.` : t.text, activated: t.activated, deactivated: t.deactivated, restated: t.restated,
  }));
  expect((await page.request.put(`/api/families/${v2}/histories/split/revisions/1`, { data: { version: revision.version, turns } })).ok()).toBe(true);
  expect((await page.request.post(`/api/families/${v2}/runs`, { data: { action: "checkout" } })).ok()).toBe(true);
  expect((await page.request.post(`/api/families/${v2}/runs`, { data: { action: "calibrate" } })).ok()).toBe(true);
  await waitForGreen(page, v2);
  await reviews(v2);
  expect((await page.request.post(`/api/families/${v2}/oracle-audit`, { data: {} })).ok()).toBe(true);
  await page.goto(`/families/${v2}`);
  await expect(page.locator(`[data-stage="audit"]`)).toHaveAttribute("data-status", "pass", { timeout: 180_000 });

  await signInAs("lead");
  await page.goto(`/families/${v2}/package`);
  await page.getByRole("button", { name: "Freeze…" }).click();
  await expect(page.getByTestId("freeze-items")).toContainText("histories");
  await page.getByRole("button", { name: "Freeze the package" }).click();
  await expect(page.getByTestId("frozen-badge")).toBeVisible();
  await expect(page.getByTestId("package-hash")).not.toHaveText(hash);
  await expect(page.getByTestId("version-diff")).toContainText("split turn 1 text");
});
