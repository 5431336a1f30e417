// The web server's preload records the TCP peer in x-studio-peer-address, over any value a client sends.
import http from "node:http";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let server: http.Server;
let port: number;
const seen: http.IncomingHttpHeaders[] = [];

beforeAll(async () => {
  createRequire(import.meta.url)("./peer-address.cjs");
  server = http.createServer((req, res) => {
    seen.push(req.headers);
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (headers: Record<string, string>) =>
  new Promise<void>((resolve, reject) => http.get({ host: "127.0.0.1", port, headers }, (res) => res.resume().on("end", resolve)).on("error", reject));

describe("the peer-address preload", () => {
  it("sets the peer and overwrites a forged one; X-Forwarded-For passes untouched", async () => {
    await get({ "x-studio-peer-address": "10.1.2.3", "x-forwarded-for": "10.9.9.9" });
    await get({});
    expect(seen.map((h) => [h["x-studio-peer-address"], h["x-forwarded-for"]])).toEqual([
      ["127.0.0.1", "10.9.9.9"],
      ["127.0.0.1", undefined],
    ]);
    expect((globalThis as Record<symbol, unknown>)[Symbol.for("specpath.peerAddressRecorded")]).toBe(true);
    expect(process.env.STUDIO_PEER_ADDRESS_RECORDED).toBeUndefined(); // nothing a child process could inherit
  });
});
