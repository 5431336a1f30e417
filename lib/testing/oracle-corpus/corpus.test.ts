import { describe, expect, it } from "vitest";
import { CORPUS } from "./index";
import { scoreCorpus } from "./evaluate";

describe("labeled corpus", () => {
  it("holds at least 60 hand-labeled dependencies across JavaScript, TypeScript and Python", () => {
    const labels = CORPUS.flatMap((c) => c.labels);
    expect(labels.length).toBeGreaterThanOrEqual(60);
    const languages = new Set(CORPUS.flatMap((c) => Object.keys(c.tests).map((f) => f.split(".").at(-1))));
    expect([...languages].sort()).toEqual(["js", "py", "ts"]);
    expect(labels.filter((l) => l.note?.startsWith("trap")).length).toBeGreaterThanOrEqual(6);
  });

  it("finds hidden dependencies with the paper's precision and near its recall", async () => {
    const score = await scoreCorpus();
    // Every miss and false alarm is named in the failure message.
    expect(score.falsePositives, "false alarms").toEqual([]);
    expect(score.precision).toBeGreaterThanOrEqual(0.892);
    expect(score.recall, score.falseNegatives.join("\n")).toBeGreaterThanOrEqual(0.9);
    expect(score.falseNegatives.every((f) => f.includes("limits of a name-level audit"))).toBe(true);
  }, 60_000);
});
