import { describe, expect, it } from "vitest";
import { endsAtContract } from "./equivalence";
import { deriveLengthMatched, neutralText } from "./padding";
import { DRAFT_MARKER, hasDraftText, overridesFromReplacedBy, scaffoldFamily, scaffoldHistory, type TScaffoldCatalog } from "./scaffold";
import { checkFamilyStructure, checkStructure } from "./structure";
import { t, tracecat } from "./test-fixtures";
import { countTokens, historyTokenCount } from "./tokens";
import { CONDITIONS, type THistory } from "./types";

const input: TScaffoldCatalog = { atoms: tracecat, overrides: [{ replaces: "A3", by: ["A1", "A2"] }] };

const family = () => {
  const result = scaffoldFamily(input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return Object.fromEntries(result.value.map((h) => [h.condition, h])) as Record<THistory["condition"], THistory>;
};

describe("scaffolding", () => {
  it("drafts all seven conditions, each ending at C* with its condition's structure", () => {
    const drafts = family();
    expect(Object.keys(drafts)).toEqual([...CONDITIONS]);
    const structure = checkFamilyStructure(Object.values(drafts), tracecat);
    expect(structure.ok && structure.value.flatMap((s) => s.errors)).toEqual([]);
    for (const history of Object.values(drafts)) {
      const verdict = endsAtContract(history, tracecat);
      expect(verdict.ok && verdict.value.atContract, history.condition).toBe(true);
    }
  });

  it("drafts the paper's override: the old atom first, then its replacement by both final atoms", () => {
    expect(family().override.turns.map(({ activated, deactivated }) => ({ activated, deactivated }))).toEqual([
      { activated: ["A3"], deactivated: [] },
      { activated: ["A1", "A2"], deactivated: ["A3"] },
    ]);
  });

  it("cancels the temporary atom no override uses", () => {
    expect(family().cancellation.turns[1]!.deactivated).toEqual(["A5"]);
  });

  it("writes placeholder text from the atom statements, marked as a draft, without atom keys", () => {
    for (const history of Object.values(family())) {
      for (const turn of history.turns.slice(0, 1)) {
        expect(turn.text.startsWith(DRAFT_MARKER)).toBe(true);
        expect(turn.text).not.toMatch(/\bA\d+\b/);
      }
    }
    expect(family().direct.turns[0]!.text).toContain("A missing optional secret returns None");
    expect(hasDraftText(family().split)).toBe(true);
  });

  it("states the fixed obligations only when asked", () => {
    expect(family().direct.turns[0]!.activated).toEqual(["A1", "A2"]);
    const stated = scaffoldHistory("direct", { ...input, stateFixed: true });
    expect(stated.ok && stated.value.turns[0]!.activated).toEqual(["A1", "A2", "A4"]);
  });

  it("reads override paths from the temporary atoms' replacedBy", () => {
    const rows = tracecat.map((a) => ({ ...a, replacedBy: a.key === "A3" ? ["A1", "A2"] : [] }));
    expect(overridesFromReplacedBy(rows)).toEqual(input.overrides);
  });

  it("explains what the catalog lacks", () => {
    const noTemporary = scaffoldFamily({ atoms: tracecat.filter((a) => a.role !== "temporary"), overrides: [] });
    expect(!noTemporary.ok && noTemporary.errors.map((e) => e.message)).toEqual([
      "Override needs a temporary atom and the final atom(s) that replace it.",
      "Cancellation needs a temporary atom to withdraw.",
    ]);
    const oneFinal = scaffoldHistory("split", { atoms: tracecat.filter((a) => a.key !== "A2"), overrides: [] });
    expect(!oneFinal.ok && oneFinal.errors[0]!.message).toMatch(/at least two final atoms/);
    const wrong = scaffoldHistory("override", { atoms: tracecat, overrides: [{ replaces: "A1", by: ["A3"] }] });
    expect(!wrong.ok && wrong.errors.map((e) => e.atomKey)).toEqual(["A1", "A3"]);
  });
});

describe("length_matched padding", () => {
  it("matches cancellation's turn and token count once the curator's text is final", () => {
    const { direct, cancellation } = family();
    const curatedDirect = { ...direct, turns: [{ ...direct.turns[0]!, text: "Raise for missing required secrets; return None for optional ones." }] };
    const curatedCancellation = {
      ...cancellation,
      turns: [
        { ...cancellation.turns[0]!, text: "Raise for missing required secrets, return None for optional ones, and log a warning each time a secret is missing." },
        { ...cancellation.turns[1]!, text: "Actually, drop the warnings entirely." },
      ],
    };
    const result = deriveLengthMatched(curatedDirect, curatedCancellation);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.turns).toHaveLength(2);
    expect(result.value.turns[0]).toEqual(curatedDirect.turns[0]);
    expect(historyTokenCount(result.value)).toBe(historyTokenCount(curatedCancellation));
    expect(checkStructure(result.value, tracecat, { direct: curatedDirect, cancellation: curatedCancellation }).ok).toBe(true);
  });

  it("spreads the padding over several neutral turns", () => {
    const direct = { condition: "direct" as const, turns: [t("one two", { activated: ["A1", "A2"] })] };
    const cancellation = {
      condition: "cancellation" as const,
      turns: [t("a b c d e f g", { activated: ["A1", "A2", "A5"] }), t("x"), t("y y y", { deactivated: ["A5"] })],
    };
    const result = deriveLengthMatched(direct, { ...cancellation, turns: [...cancellation.turns] });
    expect(result.ok && result.value.turns.map((x) => countTokens(x.text))).toEqual([2, 5, 4]);
  });

  it("says how much to shorten the direct text when padding cannot fit", () => {
    const direct = { condition: "direct" as const, turns: [t("a b c d e f g h", { activated: ["A1", "A2"] })] };
    const cancellation = { condition: "cancellation" as const, turns: [t("a b c d e f g"), t("b")] };
    const result = deriveLengthMatched(direct, cancellation);
    expect(!result.ok && result.errors[0]).toMatchObject({ code: "padding_unreachable" });
    expect(!result.ok && result.errors[0]!.message).toMatch(/shorten the direct text by 1 token/);
  });

  it("writes neutral text of exactly the requested length, ending a sentence", () => {
    for (const n of [1, 2, 7, 19, 20, 21, 100]) {
      expect(countTokens(neutralText(n))).toBe(n);
      expect(neutralText(n)).toMatch(/[.!?]$/);
    }
  });
});

describe("scaffold text", () => {
  it("joins statements that end in a full stop without doubling the punctuation", () => {
    const atoms = [
      { ...tracecat.find((a) => a.role === "final")!, key: "A1", statement: "Long options take a lone dash as their value." },
      { ...tracecat.find((a) => a.role === "final")!, key: "A2", statement: "Long options take a run of dashes as their value" },
    ];
    const result = scaffoldHistory("direct", { atoms, overrides: [] });
    expect(result.ok).toBe(true);
    const text = result.ok ? result.value.turns[0]!.text : "";
    expect(text).toBe(`${DRAFT_MARKER} State the whole request at once: Long options take a lone dash as their value; Long options take a run of dashes as their value.`);
  });
});
