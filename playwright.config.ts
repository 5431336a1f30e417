import os from "node:os";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://localhost:${PORT}`;
/** The studio's embedded PostgreSQL listens here, so the fixtures can seed each spec its own families (e2e/seeders.ts). */
export const PG_PORT = Number(process.env.E2E_PG_PORT ?? PORT + 1000);

// The specs' fixtures seed through the studio's server modules (`import "server-only"`,
// e2e/seeders.ts): the test workers load them under the react-server condition, as
// scripts/seed-demo-reviews.ts does. The studio under test sets it on its own command line.
const SERVER_CONDITION = /\s*--conditions[= ]react-server/g;
const outerNodeOptions = (process.env.NODE_OPTIONS ?? "").replace(SERVER_CONDITION, "").trim();
process.env.NODE_OPTIONS = `${outerNodeOptions} --conditions=react-server`.trim();

// The studio under test is started exactly as `npm start` starts it (production
// build, embedded PostgreSQL, workers), on a throwaway data folder.
export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // Spec files run in parallel, each on families and reviewers of its own (e2e/fixtures.ts).
  fullyParallel: false,
  workers: 2,
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-quic", "--disable-sync"],
    },
  },
  projects: [
    { name: "journeys", testIgnore: /database-down\.spec\.ts$/ },
    // Kills the studio's PostgreSQL: alone, after every other journey (alone: `--project database-down --no-deps`).
    { name: "database-down", testMatch: /database-down\.spec\.ts$/, dependencies: ["journeys"] },
  ],
  webServer: {
    command: "rm -rf .test-data/e2e && node --conditions=react-server --import tsx scripts/start.ts",
    url: `${BASE_URL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    // STUDIO_IMPORT_ROOTS: the specs import repositories they make under the temp dir.
    env: { PORT: String(PORT), STUDIO_DATA_DIR: ".test-data/e2e", NEXTAUTH_URL: BASE_URL, DATABASE_URL: "", STUDIO_PG_PORT: String(PG_PORT), STUDIO_IMPORT_ROOTS: os.tmpdir(), STUDIO_PG_THROWAWAY: "1", NODE_OPTIONS: outerNodeOptions },
  },
});
