// Acceptance (issue 11, item 2): a verifier's setup command keeps the package
// registry but cannot reach this machine — not the studio's web port, not its
// PostgreSQL, not a server on 127.0.0.1. Real servers, the real registry this
// machine reaches, the real sandbox.
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureMirror, requireCommit, type Mirror } from "./mirror";
import { bwrapStatus } from "./sandbox";
import { createNodeFixture, type NodeFixture } from "./testing/node-fixture";
import { chooseNetwork } from "./user-net";
import { acquireWorkspace } from "./workspace";

let fixture: NodeFixture;
let cacheDir: string;
let mirror: Mirror;
let commit: string;
let web: http.Server;
let local: net.Server;
const accepted = { web: 0, local: 0 };

const listen = (server: net.Server, host: string) =>
  new Promise<number>((resolve) => server.listen(0, host, () => resolve((server.address() as net.AddressInfo).port)));

beforeAll(async () => {
  fixture = await createNodeFixture();
  cacheDir = await mkdtemp(path.join(os.tmpdir(), "specpath-setup-net-"));
  mirror = await ensureMirror(fixture.repoDir, { cacheDir });
  commit = await requireCommit(mirror, fixture.baseCommit, { cacheDir });
  // As the studio's web server listens with HOST unset: every interface.
  web = http.createServer((_req, res) => {
    accepted.web++;
    res.end("studio");
  });
  local = net.createServer((socket) => {
    accepted.local++;
    socket.end("hello\n");
  });
});
afterAll(async () => {
  web?.close();
  local?.close();
  await rm(fixture.repoDir, { recursive: true, force: true });
  await rm(cacheDir, { recursive: true, force: true });
});

const canRun = (await bwrapStatus()).path !== null && chooseNetwork(true).mode === "namespace";

describe.runIf(canRun)("setup network", () => {
  it("cannot reach the studio's web port, its PostgreSQL or a server on 127.0.0.1, by loopback, gateway or the host's own address — and still fetches from the registry", async () => {
    const webPort = await listen(web, "0.0.0.0");
    const localPort = await listen(local, "127.0.0.1");
    const pgUrl = new URL(process.env.STUDIO_TEST_PG_URL as string);
    const pgPort = Number(pgUrl.port || 5432);
    // The database really is up and reachable from the host, with the test's credentials.
    const client = new pg.Client({ connectionString: pgUrl.toString() });
    await client.connect();
    await client.end();

    const hostAddress = Object.values(os.networkInterfaces()).flat().find((a) => a && a.family === "IPv4" && !a.internal)?.address;
    const targets = [
      ...["127.0.0.1", "10.0.2.2", ...(hostAddress ? [hostAddress] : [])].flatMap((host) => [`${host}:${webPort}`, `${host}:${pgPort}`]),
      `127.0.0.1:${localPort}`,
      `10.0.2.2:${localPort}`,
    ];
    const probe = `
      const net = require("net");
      const targets = ${JSON.stringify(targets)};
      Promise.all(targets.map((t) => new Promise((resolve) => {
        const [host, port] = t.split(":");
        const s = net.connect(Number(port), host);
        s.setTimeout(3000, () => { s.destroy(); resolve(t + " TIMEOUT"); });
        s.on("connect", () => { s.destroy(); resolve(t + " CONNECTED"); });
        s.on("error", (e) => resolve(t + " " + e.code));
      }))).then((lines) => require("fs").writeFileSync("connections.txt", lines.join("\\n") + "\\n"));`;
    const setupCommand = [
      `node -e '${probe.replace(/'/g, "'\\''")}'`,
      // No long retries: without network this fails within seconds, and the setup log says why.
      "npm pack is-number@7.0.0 --silent --fetch-retries=0 --fetch-timeout=60000 > packed.txt",
    ].join(" && ");

    const prepared = await acquireWorkspace({ mirror, commit, setupCommand, image: null }, { cacheDir, setupTimeoutMs: 150_000 });
    try {
      const lines = readFileSync(path.join(prepared.repoDir, "connections.txt"), "utf8").trim().split("\n");
      expect(lines).toHaveLength(targets.length);
      for (const line of lines) expect(line).toMatch(/ (ECONNREFUSED|ENETUNREACH|EHOSTUNREACH|EACCES|TIMEOUT)$/);
      expect(accepted).toEqual({ web: 0, local: 0 });
      expect(prepared.setupLog).not.toMatch(/warning: .*network/);
      const packed = readFileSync(path.join(prepared.repoDir, "packed.txt"), "utf8").trim();
      expect(packed).toBe("is-number-7.0.0.tgz");
      expect(readFileSync(path.join(prepared.repoDir, packed)).length).toBeGreaterThan(1000);
    } finally {
      await prepared.release();
    }
    // From the host, the same servers answer: the test would notice if they were not listening.
    const reply = await fetch(`http://127.0.0.1:${webPort}/`).then((r) => r.text());
    expect(reply).toBe("studio");
  }, 180_000);
});
