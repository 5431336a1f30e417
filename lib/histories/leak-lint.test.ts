import { describe, expect, it } from "vitest";
import { lintHistoryText, lintTurnText, probeNames } from "./leak-lint";

const kinds = (text: string, input = {}) => lintTurnText(text, 1, input).map((w) => `${w.kind}:${w.match}`);

describe("leak lint", () => {
  it("passes plain prose about the behavior", () => {
    expect(kinds("When a required secret is missing, throw an error that names it. Optional lookups give back null.")).toEqual([]);
    expect(kinds("Please activate the new lookup once it is ready; the feature is activated by a flag.")).toEqual([]);
  });

  it("flags atom keys, naming known atoms as atoms", () => {
    const warnings = lintTurnText("Do A1 first, then A12.", 3, { atomKeys: ["A1"] });
    expect(warnings.map((w) => w.match)).toEqual(["A1", "A12"]);
    expect(warnings[0]!.message).toMatch(/Turn 3 names atom A1/);
    expect(warnings[1]!.message).toMatch(/reads like an atom key/);
    expect(kinds("AA1 and A0 and a1 are not keys")).toEqual([]);
  });

  it("flags event words used as labels", () => {
    expect(kinds("ACTIVATE: optional lookups return null")).toEqual(["event_label:ACTIVATE"]);
    expect(kinds("The deactivated atom was the empty-string rule.")).toEqual(["event_label:deactivated atom"]);
    expect(kinds("As restated above, keep it.")).toEqual(["event_label:restated"]);
    expect(kinds("[deactivate] the old rule")).toEqual(["event_label:[deactivate]"]);
    expect(kinds("Activated: required lookups throw")).toEqual(["event_label:Activated:"]);
  });

  it("gives one warning per spot when several patterns overlap", () => {
    expect(lintTurnText("RESTATED: the rule", 1)).toHaveLength(1);
  });

  it("flags hidden roles of the contract", () => {
    expect(kinds("This is a temporary atom for now.")).toEqual(["role_label:temporary atom"]);
    expect(kinds("Everything in C* stays.")).toEqual(["role_label:C*"]);
  });

  it("flags probe names, whole or by their last segment, ignoring case and spacing", () => {
    const probeTestIds = ["tests/test_secrets.py::test_required_missing_raises", "required lookup of a missing secret throws SecretNotFoundError"];
    expect(kinds("Make test_required_missing_raises pass.", { probeTestIds })).toEqual(["probe_name:test_required_missing_raises"]);
    expect(kinds("A Required lookup of a missing  secret throws SecretNotFoundError, always.", { probeTestIds })).toEqual([
      "probe_name:Required lookup of a missing  secret throws SecretNotFoundError",
    ]);
    expect(kinds("Make test_required_missing_raises_twice pass.", { probeTestIds })).toEqual([]);
  });

  it("matches probe names as whole names: a path argument in the text is not a fragment of a probe", () => {
    const probeTestIds = ["server > serves /some-path with the fallback", "routes > answers 404 under /some-path"];
    expect(kinds('Call fetch("/some-path") and show what comes back.', { probeTestIds })).toEqual([]);
    expect(kinds("Check that it serves /some-path with the fallback.", { probeTestIds })).toEqual(["probe_name:serves /some-path with the fallback"]);
    // go-style subtests still have a leaf of their own.
    expect(probeNames("TestParse/empty_input_is_rejected")).toEqual(["TestParse/empty_input_is_rejected", "empty_input_is_rejected"]);
    expect(kinds("Make sure sub-empty_input_is_rejected holds.", { probeTestIds: ["TestParse/empty_input_is_rejected"] })).toEqual([]);
  });

  it("knows a probe by its id and its leaf, ignoring short names", () => {
    expect(probeNames("a/b.py::Suite::test_long_name")).toEqual(["a/b.py::Suite::test_long_name", "test_long_name"]);
    expect(probeNames("suite > works")).toEqual(["suite > works"]);
  });

  it("reports every turn of a history with its number", () => {
    const warnings = lintHistoryText([{ text: "fine" }, { text: "A2 please" }]);
    expect(warnings.map((w) => w.turn)).toEqual([2]);
  });
});

describe("probe names through the first-word index", () => {
  it("finds the same probe names as matching every probe, in probe order, among thousands", () => {
    const many = Array.from({ length: 3000 }, (_, i) => `tests/test_module.py::test_case_number_${i}`);
    const ids = [...many, "suite > returns null for a missing secret", "[param] weird name here"];
    const text = "Check that it returns null for a missing secret, as test_case_number_2999 and [param] weird name here do.";
    const hits = lintTurnText(text, 1, { probeTestIds: ids }).filter((w) => w.kind === "probe_name").map((w) => w.match);
    expect(hits).toEqual(["test_case_number_2999", "returns null for a missing secret", "[param] weird name here"]);
  });
});
