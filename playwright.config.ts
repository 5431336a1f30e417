import os from "node:os";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://localhost:${PORT}`;
/** The studio's embedded PostgreSQL listens here, so specs can seed their own families (e2e/seed.ts). */
export const PG_PORT = Number(process.env.E2E_PG_PORT ?? PORT + 1000);

// The studio under test is started exactly as `npm start` starts it (production
// build, embedded PostgreSQL, workers), on a throwaway data folder.
export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-quic", "--disable-sync"],
    },
  },
  webServer: {
    command: "rm -rf .test-data/e2e && node --conditions=react-server --import tsx scripts/start.ts",
    url: `${BASE_URL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    // STUDIO_IMPORT_ROOTS: the specs import repositories they make under the temp dir.
    env: { PORT: String(PORT), STUDIO_DATA_DIR: ".test-data/e2e", NEXTAUTH_URL: BASE_URL, DATABASE_URL: "", STUDIO_PG_PORT: String(PG_PORT), STUDIO_IMPORT_ROOTS: os.tmpdir() },
  },
});
