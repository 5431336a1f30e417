import { describe, expect, it } from "vitest";
import { ingestHarborTrials, ingestPredictions, type TResolveInstance } from "./ingest";

const resolve: TResolveInstance = (id) => {
  const m = /^(fam-[a-z]+)__(direct|override)$/.exec(id);
  return m ? { family: m[1]!, condition: m[2] as "direct" | "override", packageHash: `sha256-${m[1]}` } : null;
};
const defaults = { scaffold: null, budgetSec: 1200 };
const row = (over: Record<string, unknown>) => JSON.stringify({ instance_id: "fam-a__direct", model_name_or_path: "m1", model_patch: "diff --git a/x b/x\n", ...over });

describe("predictions JSONL", () => {
  it("reads SWE-bench's fields plus the method's, keyed to the package hash", () => {
    const text = [row({}), "", row({ instance_id: "fam-a__override", scaffold: "mini", repeat: 2, attempt: 2, status: "provider_limit", model_patch: null })].join("\n");
    const { attempts, problems } = ingestPredictions(text, resolve, defaults);
    expect(problems).toEqual([]);
    expect(attempts).toHaveLength(2);
    // No scaffold in the row and none given for the upload: stored without one, never a made-up default.
    expect(attempts[0]).toMatchObject({ family: "fam-a", condition: "direct", configuration: { model: "m1", scaffold: null }, repeat: 0, attempt: 1, status: "completed", packageHash: "sha256-fam-a", budgetSec: 1200 });
    expect(attempts[1]).toMatchObject({ condition: "override", configuration: { scaffold: "mini" }, repeat: 2, attempt: 2, status: "provider_limit", patch: null });
  });

  it("refuses the whole upload, naming each bad line: not JSON, a missing field, an unknown id, a duplicate", () => {
    const text = [row({}), "{oops", JSON.stringify({ instance_id: "fam-a__direct" }), row({ instance_id: "fam-z__split" }), row({}), row({ status: "exploded" })].join("\n");
    const { attempts, problems } = ingestPredictions(text, resolve, defaults);
    expect(attempts).toEqual([]);
    expect(problems.map((p) => p.where)).toEqual(["line 2", "line 3", "line 4", "line 5", "line 6"]);
    expect(problems[0]!.message).toMatch(/^not JSON/);
    expect(problems[1]!.message).toMatch(/model_name_or_path/);
    expect(problems[2]!.message).toBe('unknown instance_id "fam-z__split" (not in this suite version)');
    expect(problems[3]!.message).toMatch(/duplicate of line 1/);
    expect(problems[4]!.message).toMatch(/^status:/);
  });

  it("keeps a longer-budget rerun apart from the attempt it reruns", () => {
    const { attempts, problems } = ingestPredictions([row({ id: "x" }), row({ parent_id: "x", budget_sec: 2400 })].join("\n"), resolve, defaults);
    expect(problems).toEqual([]);
    expect(attempts.map((a) => [a.parentId, a.budgetSec])).toEqual([[null, 1200], ["x", 2400]]);
    expect(ingestPredictions(row({ parent_id: "stored-1" }), resolve, { ...defaults, stored: new Set(["stored-1"]) }).problems).toEqual([]);
  });

  it("applies the input rules of request bodies to every row, naming line and field: NUL, lone surrogates, integers, parent_id", () => {
    const text = [
      row({}),
      row({ model_patch: "diff --git a/x b/x\u0000\n" }),
      row({ model_name_or_path: "m\ud800" }),
      row({ repeat: 2147483648 }),
      row({ attempt: 99999999999, scaffold: "s" }),
      row({ parent_id: "nobody", repeat: 3 }),
      row({ "k\udc00": 1, repeat: 4 }),
    ].join("\n");
    const { attempts, problems } = ingestPredictions(text, resolve, defaults);
    expect(attempts).toEqual([]);
    expect(problems).toEqual([
      { where: "line 2", message: "model_patch: must not contain a NUL character (U+0000)" },
      { where: "line 3", message: "model_name_or_path: must not contain a lone UTF-16 surrogate (invalid Unicode)" },
      { where: "line 4", message: "repeat: must be at most 2147483647" },
      { where: "line 5", message: "attempt: must be at most 2147483647" },
      { where: "line 6", message: 'parent_id: "nobody" names no attempt of this evaluation or this upload' },
      { where: "line 7", message: expect.stringMatching(/has a key that must not contain a lone UTF-16 surrogate/) },
    ]);
  });
});

describe("Harbor trial results", () => {
  const trial = (over: Record<string, unknown>) => ({
    task_name: "fam-a__direct", trial_name: "fam-a__direct__AbC12", config: { agent: { name: "oracle", model_name: "m1" } },
    agent_info: { name: "mini-swe-agent", version: "2.4.5" }, verifier_result: { rewards: { reward: 1 } }, exception_info: null, ...over,
  });

  it("reads the task, the agent and the reward", () => {
    const { attempts, problems } = ingestHarborTrials([
      { path: "job/t1/result.json", json: trial({}), repeat: 0 },
      { path: "job/t2/result.json", json: trial({ task_name: "fam-a__override", verifier_result: { rewards: { reward: 0 } } }), repeat: 0 },
      { path: "job/t3/result.json", json: trial({ task_name: "fam-b__direct", verifier_result: null, exception_info: { exception_type: "AgentTimeoutError", exception_message: "1200 s" } }), repeat: 0 },
    ], resolve, defaults);
    expect(problems).toEqual([]);
    expect(attempts.map((a) => [a.family, a.condition, a.configuration.scaffold, a.status, a.grade])).toEqual([
      ["fam-a", "direct", "mini-swe-agent", "completed", "passed"],
      ["fam-a", "override", "mini-swe-agent", "completed", "failed"],
      ["fam-b", "direct", "mini-swe-agent", "agent_timeout", null],
    ]);
  });

  it("refuses a result.json with a NUL or a lone surrogate, naming the file and the field; no default scaffold", () => {
    const bad = ingestHarborTrials([{ path: "job/t1/result.json", json: trial({ trial_name: "t\u0000" }), repeat: 0 }], resolve, defaults);
    expect(bad.problems).toEqual([{ where: "job/t1/result.json", message: "trial_name: must not contain a NUL character (U+0000)" }]);
    const bare = ingestHarborTrials([{ path: "job/t1/result.json", json: trial({ agent_info: null, config: { agent: { model_name: "m1" } } }), repeat: 0 }], resolve, defaults);
    expect(bare.attempts[0]!.configuration).toEqual({ model: "m1", scaffold: null });
  });

  it("names the trial file of an unknown task or a malformed result", () => {
    const { attempts, problems } = ingestHarborTrials([
      { path: "job/t1/result.json", json: trial({ task_name: "other" }), repeat: 0 },
      { path: "job/t2/result.json", json: { trial_name: "x" }, repeat: 0 },
    ], resolve, defaults);
    expect(attempts).toEqual([]);
    expect(problems.map((p) => p.where)).toEqual(["job/t1/result.json", "job/t2/result.json"]);
  });
});

describe("CSV downloads", () => {
  it("escapes cells that a spreadsheet would run as formulas", async () => {
    const { csvCell } = await import("./export-rows");
    expect(["=HYPERLINK(1)", "+1", "-2", "@SUM(A1)", "\tx", "\rx", "plain", "a,b"].map(csvCell)).toEqual([
      "'=HYPERLINK(1)", "'+1", "'-2", "'@SUM(A1)", "'\tx", "\"'\rx\"", "plain", '"a,b"',
    ]);
  });
});
