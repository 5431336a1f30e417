import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test, expect } from "./fixtures";

type Instance = { instance_id: string; patch: string; condition: string };

// The lead evaluates two "agents" on a frozen family of this spec's own (built, calibrated, reviewed,
// audited and frozen by the fixtures): one submits gold for every history, the other gold everywhere
// but override, where it submits nothing — a path violation.
test("a lead uploads predictions for a frozen family, watches grading, and sees the raster and the summary", async ({ page, signInAs, frozenFamily, unique }) => {
  test.setTimeout(600_000);
  await signInAs("lead");
  const packages = (await (await page.request.get("/api/evaluations/packages")).json()) as { hash: string; family: string; familyId: string }[];
  const frozen = packages.find((p) => p.familyId === frozenFamily.id)!;
  expect(frozen.hash).toBe(frozenFamily.hash);
  const jsonl = await (await page.request.get(`/api/families/${frozen.familyId}/package/export?format=jsonl`)).text();
  const instances = jsonl.trim().split("\n").map((l) => JSON.parse(l) as Instance);
  expect(instances.length).toBe(7);
  const rows = instances.flatMap((i) => [
    { instance_id: i.instance_id, model_name_or_path: "gold-agent", model_patch: i.patch },
    { instance_id: i.instance_id, model_name_or_path: "path-agent", model_patch: i.condition === "override" ? "" : i.patch },
  ]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "e2e-eval-")), "predictions.jsonl");
  fs.writeFileSync(file, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");

  await page.goto("/console/evaluations");
  await page.getByLabel("Evaluation name").fill(`agents ${unique}`);
  await page.getByRole("checkbox", { name: new RegExp(frozen.family) }).check();
  await page.getByRole("button", { name: "Create evaluation" }).click();
  await page.getByRole("link", { name: `agents ${unique}` }).click();
  await page.getByLabel("Agent results file").setInputFiles(file);
  await expect(page.getByTestId("upload-result")).toContainText("Imported 14 attempts");
  await expect(page.getByTestId("grading-progress")).toContainText(/1 of 1 grade runs finished/, { timeout: 240_000 });
  await expect(page.getByTestId("evaluation-summary")).toHaveText(
    /^Of 2 possible blocks, 2 have all core histories scored; direct succeeds in 2 of those, and 1 then fail under at least one contract-equivalent history; any-CPV task-macro 50\.0%/,
  );
  const raster = page.getByTestId("raster");
  await expect(raster.locator("tbody tr")).toHaveCount(2);
  await expect(raster).toContainText("override");
});
