// The static audit over sources in memory: a test file too deeply nested to extract is not
// audited with one sentence (the audit goes on); a history whose text an earlier audit read
// keeps that result, and only changed histories are classified.
import { describe, expect, it } from "vitest";
import { SSE_GOLD, SSE_HISTORY_TEXTS, SSE_PROBES, SSE_TESTS } from "./testing/sse-repo";
import { memoryAuditCache } from "./definition-cache";
import { staticAudit, type TReusableHistory, type TStaticAuditSources } from "./static-audit";

const BASE = { "src/rest/router.js": "export function route(path, handler) {\n  return { path, handler };\n}\n", "src/rest/events.js": "export function parseEvent(text) {\n  return { data: text };\n}\n" };
const sources = (tests: Record<string, string>): TStaticAuditSources & { reads: number } => {
  const s = {
    reads: 0,
    base: async () => { s.reads++; return { files: BASE, paths: Object.keys(BASE) }; },
    gold: async () => { s.reads++; return { changed: SSE_GOLD, paths: [...new Set([...Object.keys(BASE), ...Object.keys(SSE_GOLD), ...Object.keys(tests)])], testFiles: tests }; },
  };
  return s;
};
const histories = Object.entries(SSE_HISTORY_TEXTS).map(([condition, text]) => ({ revisionId: condition, condition, text, textHash: `h:${text.length}` }));
const keys = { base: "t:base", gold: "t:gold" };

describe("static audit", () => {
  it("reads sources only on a cache miss and classifies only histories whose text changed", async () => {
    const cache = memoryAuditCache();
    const src = sources(SSE_TESTS);
    const first = await staticAudit({ cacheKeys: keys, histories, probeTestIds: SSE_PROBES, previous: new Map() }, src, cache);
    expect(first.stats).toMatchObject({ baseCached: false, goldCached: false, testsCached: false, reused: 0, classified: 2 });
    expect(first.audit.histories.find((h) => h.condition === "split")!.findings.map((f) => f.name)).toContain("valueSSE");
    const previous = new Map<string, TReusableHistory>(first.audit.histories.map((h) => {
      const hash = histories.find((x) => x.revisionId === h.revisionId)!.textHash;
      return [hash, { counts: h.counts, findings: h.findings, listing: first.listing.get(h.revisionId)! }];
    }));
    const edited = histories.map((h) => (h.condition === "split" ? { ...h, revisionId: "split-2", text: `${h.text} The module \`rest/handler\` must export \`valueSSE\`.`, textHash: "h:edited" } : h));
    const reads = src.reads;
    const second = await staticAudit({ cacheKeys: keys, histories: edited, probeTestIds: SSE_PROBES, previous }, src, cache);
    expect(src.reads).toBe(reads);
    expect(second.stats).toMatchObject({ baseCached: true, goldCached: true, testsCached: true, reused: 1, classified: 1 });
    expect(second.audit.histories.find((h) => h.condition === "direct")!.findings).toEqual(first.audit.histories.find((h) => h.condition === "direct")!.findings);
    expect(second.audit.histories.find((h) => h.condition === "split")!.findings.map((f) => f.name)).not.toContain("valueSSE");
    expect(second.listing.get("split-2")!.find((d) => d.name === "valueSSE")).toMatchObject({ category: "specified", file: "test/sse.test.js", where: expect.stringMatching(/^the history: “.*`valueSSE`.*”$/) });
    expect(second.listing.get("split-2")!.find((d) => d.name === "parseEvent")).toMatchObject({ category: "visible", where: "the base defines it in src/rest/events.js:1" });
  });

  it("does not audit a test file nested too deeply, saying why, and audits the rest", async () => {
    const depth = 20_000;
    const nested = `import { test } from "node:test";\nimport { valueSSE } from "../src/rest/handler.js";\ntest("deep", () => {\n  const x = ${"[".repeat(depth)}1${"]".repeat(depth)};\n  valueSSE(x);\n});\n`;
    const result = await staticAudit({ cacheKeys: { base: "d:base", gold: "d:gold" }, histories, probeTestIds: SSE_PROBES, previous: new Map() }, sources({ ...SSE_TESTS, "test/deep.test.js": nested }), memoryAuditCache());
    const deep = result.audit.notAudited.find((n) => n.file === "test/deep.test.js");
    // Either the extractor reads it (iteratively) or it is not audited with one sentence; never a thrown audit.
    if (result.tests.some((t) => t.file === "test/deep.test.js")) expect(deep).toBeUndefined();
    else expect(deep).toEqual({ file: "test/deep.test.js", reason: "it nests too deeply for the audit's parser" });
    expect(result.audit.histories.find((h) => h.condition === "split")!.findings.some((f) => f.file === "test/sse.test.js")).toBe(true);
  }, 60_000);

  it("says a hidden test file too large to read is not audited", async () => {
    const src = sources(SSE_TESTS);
    const gold = src.gold;
    src.gold = async () => ({ ...(await gold()), unread: [{ file: "test/huge.test.js", reason: "it is larger than 512 KiB, more than the audit reads" }] });
    const result = await staticAudit({ cacheKeys: { base: "u:base", gold: "u:gold" }, histories, probeTestIds: SSE_PROBES, previous: new Map() }, src, memoryAuditCache());
    expect(result.audit.notAudited).toContainEqual({ file: "test/huge.test.js", reason: "it is larger than 512 KiB, more than the audit reads" });
  });
});
