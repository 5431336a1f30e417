import { describe, expect, it } from "vitest";
import { auditFiles, definitionsOfFiles } from "@/lib/oracle-audit/audit-files";
import { CORPUS } from "./index";

// The audit accepts the sentence it drafted: every addendum of every hidden finding across the synthetic
// corpus, placed in its history, leaves no finding that an addendum can resolve.

describe("drafted addenda", () => {
  it("are agent-facing text that the audit accepts when placed in the history", async () => {
    let drafted = 0;
    const reopened: string[] = [];
    for (const c of CORPUS) {
      const base = await definitionsOfFiles(c.base);
      const gold = await definitionsOfFiles({ ...c.base, ...c.gold, ...c.tests });
      const run = (text: string) => auditFiles({ base, gold, testFiles: c.tests, histories: [{ revisionId: "r", condition: "direct", text }], probeTestIds: [] });
      const first = (await run(c.text)).histories[0]!.findings;
      const addenda = [...new Set(first.map((f) => f.addendum))];
      for (const a of addenda) {
        drafted++;
        expect(a, c.name).not.toMatch(/relied on|probe|\bcuid\b|dependencyKey|#\d/);
      }
      const again = (await run(`${c.text}\n\n${addenda.join(" ")}`)).histories[0]!.findings;
      for (const f of again) reopened.push(`${c.name}: ${f.kind} ${f.name} — ${f.reason} — addendum: ${f.addendum}`);
    }
    expect(drafted).toBeGreaterThan(10);
    expect(reopened).toEqual([]);
  }, 60_000);
});
