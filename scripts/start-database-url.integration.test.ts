// With DATABASE_URL, `npm start` refuses a runtime role that is a superuser or owns
// the studio's tables (one sentence naming the role and the fix), before building.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../lib/db/embedded";
import { provisionRoles } from "../lib/db/roles";

const ROOT = path.resolve(import.meta.dirname, "..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-dburl-"));
fs.chmodSync(tmp, 0o755);
let server: EmbeddedDatabase;
beforeAll(async () => {
  server = await startEmbeddedPostgres({ dataDir: path.join(tmp, "pg") });
}, 60_000);
afterAll(async () => {
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    let output = "";
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "scripts/start.ts")], {
      cwd: ROOT,
      env: { ...process.env, STUDIO_DATA_DIR: path.join(tmp, "data"), MIGRATION_DATABASE_URL: "", STUDIO_ALLOW_PRIVILEGED_DATABASE: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("npm start with DATABASE_URL", () => {
  it("refuses a superuser as the runtime role", async () => {
    const { code, output } = await start({ DATABASE_URL: server.url });
    expect(code).toBe(1);
    expect(output.trim().split("\n").at(-1)).toMatch(/^\[studio\] The database role "studio" in DATABASE_URL is a superuser; .*MIGRATION_DATABASE_URL.*STUDIO_ALLOW_PRIVILEGED_DATABASE=1/);
    expect(output).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
  }, 120_000);

  it("refuses a runtime role that owns the tables (DATABASE_URL alone runs the migrations as itself)", async () => {
    const { ownerUrl } = await provisionRoles(server.url, { owner: "owner-pw", app: "app-pw" });
    const { code, output } = await start({ DATABASE_URL: ownerUrl });
    expect(code).toBe(1);
    expect(output.trim().split("\n").at(-1)).toMatch(/^\[studio\] The database role "studio_owner" in DATABASE_URL owns \d+ of the studio's tables.*MIGRATION_DATABASE_URL/);
  }, 120_000);
});
