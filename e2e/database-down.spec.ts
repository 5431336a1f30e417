// The studio without its database, in a real browser: PostgreSQL is killed under the running
// studio. Its own project in playwright.config.ts, run after every other journey: while it is
// down, every other spec's requests and runs would fail with it.
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "./fixtures";

test("while PostgreSQL is down the API answers 503 and pages show a notice; both recover on their own", async ({ page, signInAs }) => {
  test.setTimeout(120_000);
  await signInAs("lead");
  await page.goto("/suites");
  const pids = JSON.parse(fs.readFileSync(path.resolve(".test-data/e2e/studio-pids.json"), "utf8")) as { postgres: number };
  process.kill(pids.postgres, "SIGKILL");
  const api = await page.request.get("/api/suites");
  if (api.status() === 503) expect((await api.json()).error).toMatch(/^The database is unavailable/);
  else expect(api.status()).toBe(200); // already back: the restart can beat this request
  await page.goto("/suites");
  // Either the notice (still down) or the page itself (already back) — never a blank 500.
  await expect(page.getByRole("heading", { name: /The database is unavailable|Suites/ }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Suites" }).first()).toBeVisible({ timeout: 60_000 });
  await expect.poll(async () => (await page.request.get("/api/suites")).status(), { timeout: 30_000 }).toBe(200);
});
