// The audit accepts every sentence it drafts, on real PRs: in each history of every real-corpus case, every
// drafted addendum placed (together, as the studio places them) and the history audited again leaves none of
// those findings. Prompted by encodeurl-whatwg-backslash-caret-pipe, whose addendum wrote the backslash doubled.
import { describe, expect, it } from "vitest";
import { CORPUS_SETS, loadCorpus } from "./load";
import { addendaOfCase } from "./measure";

describe("real oracle corpus: drafted addenda, placed, are accepted", () => {
  for (const [name, dir] of CORPUS_SETS) {
    it(`${name}: every finding's addendum clears it`, async () => {
      const rejected = [];
      let drafted = 0;
      for (const o of loadCorpus(dir)) {
        if (!o.ok) continue;
        const a = await addendaOfCase(o.loaded);
        drafted += a.drafted;
        rejected.push(...a.rejected);
      }
      expect(drafted).toBeGreaterThan(0);
      expect(rejected).toEqual([]);
    }, 120_000);
  }
});
