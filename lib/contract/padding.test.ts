import { describe, expect, it } from "vitest";
import { deriveLengthMatched, neutralText } from "./padding";
import { t } from "./test-fixtures";
import { countTokens, historyTokenCount } from "./tokens";

const sentences = (text: string) => text.split(/(?<=[.!?])\s+/u);

describe("neutral filler", () => {
  it("is whole sentences that never repeat, at any length", () => {
    for (const n of [1, 3, 17, 40, 64, 150, 400, 1200]) {
      const text = neutralText(n);
      expect(countTokens(text)).toBe(n);
      const parts = sentences(text);
      expect(parts.every((s) => /^[A-Z].*[.!?]$/u.test(s))).toBe(true);
      expect(new Set(parts).size).toBe(parts.length);
    }
  });

  it("does not reuse sentences another turn of the history already has", () => {
    const used = new Set<string>();
    const a = sentences(neutralText(30, used));
    const b = sentences(neutralText(30, used));
    expect(a.filter((s) => b.includes(s))).toEqual([]);
  });
});

describe("re-padding length_matched", () => {
  const direct = { condition: "direct" as const, turns: [t("Raise for a missing required secret and return None for optional ones.", { activated: ["A1", "A2"] })] };
  const cancellation = {
    condition: "cancellation" as const,
    turns: [
      t("Raise for a missing required secret, return None for optional ones, and log a warning for each missing secret.", { activated: ["A1", "A2", "A5"] }),
      t("Actually, please drop the warnings entirely, they are too noisy for our logs.", { deactivated: ["A5"] }),
      t("Keep everything else as it is."),
    ],
  };

  it("keeps the curator's neutral turns word for word and only adds the missing tokens", () => {
    const current = {
      condition: "length_matched" as const,
      turns: [direct.turns[0]!, t("I went for a coffee while the build ran."), t("Back now.")],
    };
    const result = deriveLengthMatched(direct, cancellation, current);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(historyTokenCount(result.value)).toBe(historyTokenCount(cancellation));
    expect(result.value.turns).toHaveLength(3);
    expect(result.value.turns[1]!.text).toBe("I went for a coffee while the build ran.");
    expect(result.value.turns[2]!.text.startsWith("Back now. ")).toBe(true);
    expect(result.value.turns[2]!.text).toMatch(/[.!?]$/u);
  });

  it("adds a turn when cancellation gained one, keeping the curator's first neutral turn", () => {
    const current = { condition: "length_matched" as const, turns: [direct.turns[0]!, t("Back now.")] };
    const result = deriveLengthMatched(direct, cancellation, current);
    expect(result.ok && result.value.turns.map((x) => x.text.startsWith("Back now."))).toEqual([false, true, false]);
    expect(result.ok && result.value.turns[1]!.text).toBe("Back now.");
    expect(result.ok && historyTokenCount(result.value)).toBe(historyTokenCount(cancellation));
  });

  it("says how much to shorten when the curator's neutral turns are already too long", () => {
    const long = t(Array.from({ length: 40 }, (_, i) => `word${i}`).join(" ") + ".");
    const result = deriveLengthMatched(direct, cancellation, { condition: "length_matched", turns: [direct.turns[0]!, long, t("Back.")] });
    expect(!result.ok && result.errors[0]!.message).toMatch(/shorten a neutral turn or the direct text by \d+ token/);
  });

  it("writes its own filler anew (a stale length_matched from before the direct text changed), keeping only the curator's turns", () => {
    const stale = deriveLengthMatched({ condition: "direct", turns: [t("A much longer direct request than the one the curator finally wrote, with many words in it.", { activated: ["A1", "A2"] })] }, {
      ...cancellation,
      turns: [...cancellation.turns, t("One more turn of cancellation text that was later removed again by the curator.")],
    });
    expect(stale.ok).toBe(true);
    if (!stale.ok) return;
    const legacy = t("Thanks for looking at this. Nothing new to add here, so please carry on as planned whenever you are ready. Thanks for looking.");
    const current = { condition: "length_matched" as const, turns: [stale.value.turns[0]!, legacy, t("Back now.")] };
    const result = deriveLengthMatched(direct, cancellation, current);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(historyTokenCount(result.value)).toBe(historyTokenCount(cancellation));
    expect(result.value.turns[1]!.text).not.toMatch(/Thanks for looking at this/);
    expect(result.value.turns[2]!.text).toBe("Back now.");
  });

  it("fills every turn without repeating a sentence anywhere in the history", () => {
    const result = deriveLengthMatched(direct, cancellation);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const all = result.value.turns.slice(1).flatMap((x) => sentences(x.text));
    expect(new Set(all).size).toBe(all.length);
  });
});
