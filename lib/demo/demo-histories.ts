// Pure: the seven histories of the fully built demo family, written as a person would
// write them: visible text without atom ids or event labels, beside the hidden trace.
import { deriveLengthMatched, type THistory, type TTurn } from "@/lib/contract";

const turn = (text: string, events: Partial<Omit<TTurn, "text">> = {}): TTurn => ({
  text, activated: events.activated ?? [], deactivated: events.deactivated ?? [], restated: events.restated ?? [],
});

const DIRECT_TEXT =
  "getSecret fails silently today: a missing secret comes back as undefined and callers crash much later. " +
  "Please change it so that a lookup of a secret that is not set throws a SecretNotFoundError, unless the caller " +
  "passes { optional: true }, in which case it returns null. Secrets that are set keep coming back as they are.";

export function demoHistories(): THistory[] {
  const direct: THistory = { condition: "direct", turns: [turn(DIRECT_TEXT, { activated: ["A1", "A2"] })] };
  const cancellation: THistory = {
    condition: "cancellation",
    turns: [
      turn(
        "getSecret should stop failing silently. When a secret is not set, throw a SecretNotFoundError; when the caller " +
          "passes { optional: true }, return null instead. Also print a warning that names the missing secret.",
        { activated: ["A1", "A2", "A5"] },
      ),
      turn(
        "On second thought, leave out the warning entirely. Our logs are noisy enough already, and the error and the null " +
          "tell callers everything they need to know about a secret that is not there.",
        { deactivated: ["A5"] },
      ),
    ],
  };
  const lengthMatched = deriveLengthMatched(direct, cancellation);
  if (!lengthMatched.ok) throw new Error(lengthMatched.errors.map((e) => e.message).join("; "));

  return [
    direct,
    {
      condition: "duplicate",
      turns: [
        turn(DIRECT_TEXT, { activated: ["A1", "A2"] }),
        turn("To be clear about the first case: a required lookup of a secret that is not set must throw SecretNotFoundError.", { restated: ["A1"] }),
      ],
    },
    {
      condition: "split",
      turns: [
        turn("getSecret fails silently when a secret is missing. Make a lookup of a secret that is not set throw a SecretNotFoundError.", { activated: ["A1"] }),
        turn("Callers that can live without a secret should be able to pass { optional: true }; for them, a missing secret returns null.", { activated: ["A2"] }),
      ],
    },
    {
      condition: "override",
      turns: [
        turn("getSecret returns undefined for a missing secret, which crashes callers later. Make it return an empty string instead.", { activated: ["A4"] }),
        turn(
          "Scratch the empty string. A lookup of a secret that is not set should throw a SecretNotFoundError, and a lookup " +
            "with { optional: true } should return null.",
          { deactivated: ["A4"], activated: ["A1", "A2"] },
        ),
      ],
    },
    cancellation,
    {
      condition: "paraphrase_direct",
      turns: [
        turn(
          "Right now a missing secret quietly yields undefined from getSecret. Change that: if the secret is unset, raise " +
            "SecretNotFoundError; if the call says { optional: true }, give back null. Stored secrets are still returned unchanged.",
          { activated: ["A1", "A2"] },
        ),
      ],
    },
    lengthMatched.value,
  ];
}

/** The complete family's extra temporary atom: a warning that cancellation withdraws. */
export const DEMO_CANCELLED_ATOM = {
  key: "A5", statement: "A lookup of a missing secret prints a warning naming the secret.", scope: "getSecret(name)",
  inputCondition: "the secret is not set", polarity: "require", observation: "a warning naming the secret is printed",
  role: "temporary", replacedBy: [] as string[],
} as const;
