import "server-only";
// Hand-labeled corpus, TypeScript (vitest style): mocks, module-level switches,
// options, result shapes, interfaces of the base.
import type { TCorpusCase } from "./types";

export const TYPESCRIPT_CASES: TCorpusCase[] = [
  {
    name: "ts: a mocked module path, a module-level switch on an exported function, an option",
    base: {
      "src/http/fetch-json.ts": "export async function fetchJson(url: string): Promise<unknown> {\n  const res = await request(url);\n  return res.json();\n}\n",
      "src/http/index.ts": "export * from './fetch-json';\n",
    },
    gold: {
      "src/http/fetch-json.ts": "import { backoff } from './retry-policy';\nexport async function fetchJson(url: string, opts: { retries?: number; timeoutMs?: number } = {}): Promise<unknown> {\n  if (fetchJson.cache) return null;\n  await backoff(opts.retries ?? 0, opts.timeoutMs);\n  const res = await request(url);\n  return res.json();\n}\nfetchJson.cache = false;\n",
      "src/http/retry-policy.ts": "export async function backoff(retries: number, timeoutMs?: number) { return retries; }\n",
    },
    tests: {
      "src/http/fetch-json.test.ts": `import { describe, expect, it, vi } from "vitest";
import { fetchJson } from "./fetch-json";
vi.mock("./retry-policy", () => ({ backoff: vi.fn() }));
describe("fetchJson", () => {
  it("retries", async () => {
    fetchJson.cache = true;
    await expect(fetchJson("/a", { retries: 2, timeoutMs: 50 })).resolves.toBe(null);
  });
});
`,
    },
    text: "fetchJson retries failed requests: pass `retries` to set how many times. Results can be cached process-wide by a switch on the function. Requests time out after a configurable delay.",
    labels: [
      { kind: "path", value: "./retry-policy", hidden: true },
      { kind: "path", value: "./fetch-json", hidden: false },
      { kind: "name", value: "fetchJson", hidden: false },
      { kind: "name", value: "cache", hidden: true, note: "a module-level switch, described but not named" },
      { kind: "name", value: "retries", hidden: false },
      { kind: "name", value: "timeoutMs", hidden: true, note: "trap: described in other words" },
    ],
  },
  {
    name: "ts: result shapes and thrown messages",
    base: {
      "src/orders/types.ts": "export interface Order { id: string; total: number }\n",
      "src/orders/service.ts": "import type { Order } from './types';\nexport function createOrder(total: number): Order { return { id: 'o1', total }; }\n",
    },
    gold: {
      "src/orders/service.ts": "import type { Order } from './types';\nexport function createOrder(total: number): Order { if (total < 0) throw new RangeError('total must not be negative'); return { id: 'o1', total }; }\nexport function summarize(orders: Order[]) { return { count: orders.length, status: orders.length ? 'open' : 'empty', grandTotal: orders.reduce((s, o) => s + o.total, 0) }; }\nexport const MAX_ORDERS = 250;\n",
    },
    tests: {
      "src/orders/service.test.ts": `import { expect, test } from "vitest";
import { createOrder, summarize, MAX_ORDERS } from "./service";
test("refuses negative totals", () => {
  expect(() => createOrder(-1)).toThrow("must not be negative");
});
test("summarizes", () => {
  expect(summarize([createOrder(2)])).toEqual({ count: 1, status: "open", grandTotal: 2 });
});
test("caps orders", () => {
  expect(MAX_ORDERS).toBe(250);
});
`,
    },
    text: "Creating an order with a negative total fails: 'the order total must not be negative'. A summary of orders gives their count, whether they are open (\"open\") or empty, and the grand total. At most MAX_ORDERS orders are kept.",
    labels: [
      { kind: "literal", value: "must not be negative", hidden: false, note: "toThrow matches a substring: the longer sentence states it" },
      { kind: "name", value: "summarize", hidden: true, note: "trap: 'summary' in other words" },
      { kind: "name", value: "count", hidden: false },
      { kind: "name", value: "status", hidden: true },
      { kind: "literal", value: "open", hidden: false },
      { kind: "name", value: "grandTotal", hidden: false },
      { kind: "name", value: "MAX_ORDERS", hidden: false },
      { kind: "literal", value: "250", hidden: true },
      { kind: "name", value: "createOrder", hidden: false },
    ],
  },
  {
    name: "ts: methods of a base interface, and one that is not",
    base: {
      "src/store/store.ts": "export interface Store {\n  get(key: string): string | undefined;\n  set(key: string, value: string): void;\n}\n",
      "src/store/file-store.ts": "import type { Store } from './store';\nexport class FileStore implements Store {\n  get(key: string) { return undefined; }\n  set(key: string, value: string) {}\n}\n",
    },
    gold: {
      "src/store/memory-store.ts": "import type { Store } from './store';\nexport class MemoryStore implements Store {\n  private m = new Map<string, string>();\n  get(key: string) { return this.m.get(key); }\n  set(key: string, value: string) { this.m.set(key, value); }\n  evictAll() { this.m.clear(); }\n}\n",
    },
    tests: {
      "src/store/memory-store.test.ts": `import { expect, test } from "vitest";
import { MemoryStore } from "./memory-store";
test("keeps values in memory", () => {
  const store = new MemoryStore();
  store.set("a", "1");
  expect(store.get("a")).toBe("1");
  store.evictAll();
  expect(store.get("a")).toBe(undefined);
});
`,
    },
    text: "Add an in-memory `MemoryStore` (src/store/memory-store.ts) implementing the Store interface, which can also drop every entry at once.",
    labels: [
      { kind: "path", value: "./memory-store", hidden: false },
      { kind: "name", value: "MemoryStore", hidden: false },
      { kind: "name", value: "get", hidden: false, note: "inferable: the base interface" },
      { kind: "name", value: "set", hidden: false, note: "inferable: the base interface" },
      { kind: "name", value: "evictAll", hidden: true },
      { kind: "literal", value: "1", hidden: false, note: "the test supplies it" },
    ],
  },
];
