import "server-only";
// Replays recorded GitHub API exchanges over real HTTP, so the real Octokit client runs
// against them. Recorded URLs (https://api.github.com) are rewritten to this server.
import { readFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export interface TRecordedExchange {
  request: { method: string; path: string; query?: Record<string, string>; accept?: string };
  response: { status: number; headers?: Record<string, string>; body: unknown };
}

export interface TReplayedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export interface TReplayServer {
  baseUrl: string;
  requests: TReplayedRequest[];
  close(): Promise<void>;
}

const RECORDED_ORIGIN = "https://api.github.com";
const FIXTURES = path.join(import.meta.dirname, "..", "fixtures");

export async function loadExchanges(...names: string[]): Promise<TRecordedExchange[]> {
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(path.join(FIXTURES, `${name}.json`), "utf8")) as TRecordedExchange));
}

export interface TReplayOptions {
  /** Awaited before a request is answered (a test holds one to kill the importer in the middle). */
  before?: (request: TReplayedRequest) => Promise<void> | void;
}

/**
 * Each request gets the first unused exchange that matches its method, path, query (the
 * recorded parameters must all be present) and Accept header; once all matches are used,
 * the last one repeats. Anything unrecorded gets a 404.
 */
export async function startReplayServer(exchanges: TRecordedExchange[], options: TReplayOptions = {}): Promise<TReplayServer> {
  const used = new Set<TRecordedExchange>();
  const requests: TReplayedRequest[] = [];
  let baseUrl = "";
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://replay");
    const query = Object.fromEntries(url.searchParams);
    const accept = req.headers.accept ?? "";
    const request = { method: req.method ?? "GET", path: url.pathname, query, headers: req.headers };
    requests.push(request);
    await options.before?.(request);
    if (res.destroyed) return;
    const matches = exchanges.filter(({ request }) =>
      request.method === req.method &&
      request.path === url.pathname &&
      Object.entries(request.query ?? {}).every(([key, value]) => query[key] === value) &&
      accept.includes(request.accept ?? ""));
    const exchange = matches.find((e) => !used.has(e)) ?? matches.at(-1);
    if (!exchange) {
      res.writeHead(404, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify({ message: "Not Found", documentation_url: "https://docs.github.com/rest" }));
      return;
    }
    used.add(exchange);
    const rewrite = (text: string) => text.replaceAll(RECORDED_ORIGIN, baseUrl);
    const { status, headers = {}, body } = exchange.response;
    const text = typeof body === "string" ? body : JSON.stringify(body);
    res.writeHead(status, {
      "content-type": typeof body === "string" ? "application/vnd.github.v3.diff; charset=utf-8" : "application/json; charset=utf-8",
      ...Object.fromEntries(Object.entries(headers).map(([key, value]) => [key, rewrite(value)])),
    });
    res.end(rewrite(text));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    requests,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
