// Acceptance (issue 11, item 8): a local import reads only under the roots an
// admin lists (the demo repositories' folder always), and a clone URL to a
// loopback or private address is refused unless an admin allows its host.
// Real routes, real git repositories, a real PostgreSQL.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createDemoRepo, type DemoRepo } from "@/lib/demo/demo-repo";
import { importSettled, useImportWorker } from "@/workers/testing/import-worker";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeSuite, makeUser } from "@/lib/testing/factories";
import * as importsRoute from "@/app/api/suites/[suiteId]/imports/route";
import * as settingsRoute from "@/app/api/admin/settings/route";

process.env.NEXTAUTH_SECRET ??= "test-secret";

let tmp: string;
let outside: DemoRepo;
let demo: DemoRepo;
let curator: { id: string };
let admin: { id: string };
let savedRoots: string | undefined;
let git: http.Server;
let gitUrl: string;
let gitRequests = 0;

beforeAll(async () => {
  await useFreshDatabase();
  // Only what the admin lists counts here, not the temp dir the other tests allow.
  savedRoots = process.env.STUDIO_IMPORT_ROOTS;
  delete process.env.STUDIO_IMPORT_ROOTS;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-import-roots-"));
  process.env.STUDIO_DATA_DIR = path.join(tmp, "data");
  demo = createDemoRepo(path.join(tmp, "data", "demo-repos", "vault-lite"));
  outside = createDemoRepo(path.join(tmp, "elsewhere", "vault-lite"));
  curator = await makeUser(["curator"]);
  admin = await makeUser(["admin"]);
  git = http.createServer((_req, res) => {
    gitRequests++;
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => git.listen(0, "127.0.0.1", resolve));
  gitUrl = `http://127.0.0.1:${(git.address() as AddressInfo).port}/acme/widgets.git`;
});
useImportWorker();
afterAll(() => {
  git?.close();
  if (savedRoots !== undefined) process.env.STUDIO_IMPORT_ROOTS = savedRoots;
  fs.rmSync(tmp, { recursive: true, force: true });
});
beforeEach(async () => {
  await db().setting.deleteMany({ where: { key: "imports.sources" } });
});

const start = async (repo: string) => {
  const suite = await makeSuite();
  const res = await callRoute(importsRoute.POST, { userId: curator.id, params: { suiteId: suite.id }, body: { source: "local", repo } });
  if (res.status === 201) await importSettled(String(res.json.id));
  return { res, jobs: await db().importJob.count({ where: { suiteId: suite.id } }) };
};
const saveSources = (body: { roots: string[]; allowedHosts: string[]; version?: number }) =>
  callRoute(settingsRoute.PUT, { method: "PUT", userId: admin.id, body: { key: "imports.sources", ...body } });

describe("import sources", () => {
  it("imports from the demo repositories' folder with no setting at all", async () => {
    const { res } = await start(demo.dir);
    expect(res.status).toBe(201);
    const settings = await callRoute(settingsRoute.GET, { userId: admin.id });
    expect(settings.json.importSources).toEqual({ roots: [], allowedHosts: [], version: 0, defaultRoots: [path.join(tmp, "data", "demo-repos")] });
  });

  it("refuses a local path outside every root with a 400 naming repo, and stores nothing; an admin's root then allows it", async () => {
    const refused = await start(outside.dir);
    expect(refused.res.status).toBe(400);
    expect(refused.res.json.fieldErrors?.repo?.[0]).toMatch(/^is not under an allowed import root/);
    expect(refused.res.json.error).toContain(outside.dir);
    expect(refused.jobs).toBe(0);
    // Not through a file:// URL, nor through a symlink inside an allowed root.
    expect((await start(`file://${outside.dir}`)).res.status).toBe(400);
    const link = path.join(tmp, "data", "demo-repos", "sneaky");
    fs.symlinkSync(outside.dir, link);
    expect((await start(link)).res.status).toBe(400);
    // A home directory, the studio's own folder: outside too.
    expect((await start("/root")).res.status).toBe(400);
    expect((await start(process.cwd())).res.status).toBe(400);

    const saved = await saveSources({ roots: [path.join(tmp, "elsewhere") + "/"], allowedHosts: [], version: 0 });
    expect(saved.status).toBe(200);
    expect(saved.json.importSources).toMatchObject({ roots: [path.join(tmp, "elsewhere")], version: 1 });
    const allowed = await start(outside.dir);
    expect(allowed.res.status).toBe(201);
    const audit = await db().auditEvent.findFirst({ where: { action: "setting.update", entityId: "imports.sources" }, orderBy: { createdAt: "desc" } });
    expect(audit?.after).toMatchObject({ roots: [path.join(tmp, "elsewhere")] });
  });

  it("refuses clone URLs to loopback and private addresses before git runs, unless an admin allows the host", async () => {
    for (const url of [gitUrl, "https://localhost/x.git", "http://10.1.2.3/x.git", "git@192.168.0.10:acme/x.git", "http://[::1]/x.git", "ext::sh -c id"]) {
      const { res, jobs } = await start(url);
      expect(res.status, url).toBe(400);
      expect(res.json.fieldErrors).toHaveProperty("repo");
      expect(jobs).toBe(0);
    }
    expect(gitRequests).toBe(0);

    expect((await saveSources({ roots: [], allowedHosts: ["127.0.0.1"] })).status).toBe(200);
    const allowed = await start(gitUrl);
    expect(allowed.res.status).toBe(201);
    expect(gitRequests).toBeGreaterThan(0); // git really went there (and found nothing)
  });

  it("validates the setting naming the field", async () => {
    const relative = await saveSources({ roots: ["repos"], allowedHosts: [] });
    expect(relative.status).toBe(400);
    expect(relative.json.fieldErrors).toHaveProperty(["roots.0"]);
    const stale = await saveSources({ roots: ["/srv"], allowedHosts: [], version: 3 });
    expect(stale.status).toBe(409);
    const lead = await makeUser(["lead"]);
    expect((await callRoute(settingsRoute.PUT, { method: "PUT", userId: lead.id, body: { key: "imports.sources", roots: ["/"], allowedHosts: [] } })).status).toBe(403);
  });
});
