import "server-only";
// Replays a recorded chat-completions exchange over real HTTP, so the model proposer's own
// fetch, headers and parsing run exactly as against a real OpenAI-compatible endpoint.
import { readFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export type TRecordedChat = { request: { method: string; path: string }; response: { status: number; body: unknown } };
export type TReceived = { method: string; path: string; headers: IncomingHttpHeaders; body: unknown };

const loadFixture = async <T>(name: string): Promise<T> =>
  JSON.parse(await readFile(path.join(import.meta.dirname, "..", "fixtures", `${name}.json`), "utf8")) as T;

export const loadRecordedChat = (name: string) => loadFixture<TRecordedChat>(name);

/** Answers the recorded request with the recorded response (404 for anything else) and keeps what it received. */
export function startChatReplay(exchange: TRecordedChat) {
  return startChatReplays({ request: exchange.request, exchanges: [{ whenMessagesContain: "", response: exchange.response }] });
}

/** Several recorded answers on one endpoint, each chosen by a text its request's messages contain. */
export type TRecordedChats = { request: { method: string; path: string }; exchanges: { whenMessagesContain: string; response: { status: number; body: unknown } }[] };

export const loadRecordedChats = (name: string) => loadFixture<TRecordedChats>(name);

/** Answers each request with the first exchange whose text its messages contain (404 when none does), keeping what it received. */
export async function startChatReplays(recorded: TRecordedChats) {
  const received: TReceived[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const body = text ? (JSON.parse(text) as { messages?: { content?: string }[] }) : null;
      received.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body });
      const said = (body?.messages ?? []).map((m) => m.content ?? "").join("\n");
      const exchange = req.method === recorded.request.method && req.url === recorded.request.path
        ? recorded.exchanges.find((e) => said.includes(e.whenMessagesContain))
        : undefined;
      res.writeHead(exchange ? exchange.response.status : 404, { "content-type": "application/json" });
      res.end(JSON.stringify(exchange ? exchange.response.body : { error: { message: `no recorded exchange for ${req.method} ${req.url}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
