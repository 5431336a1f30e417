// Pure: a worked family (tracecat) for the contract and gate tests.
import type { TAtom, TCatalog, THistory, TTurn } from "./types";

const atom = (key: string, role: TAtom["role"], statement: string, observation: string, polarity: TAtom["polarity"] = "require"): TAtom => ({
  key,
  statement,
  scope: "secrets.get",
  inputCondition: "the secret name is not in the environment",
  polarity,
  observation,
  role,
});

/** The paper's Tracecat family: required vs optional secret retrieval replaces an older catch-all rule. */
export const tracecat: TCatalog = [
  atom("A1", "final", "A missing required secret raises an error naming it", "raises KeyError naming the secret"),
  atom("A2", "final", "A missing optional secret returns None", "returns None"),
  atom("A3", "temporary", "Any missing secret returns an empty string", "returns an empty string"),
  atom("A4", "fixed", "Secrets that exist are returned unchanged", "returns the stored value"),
  atom("A5", "temporary", "Log a warning for each missing secret", "logs a warning", "forbid"),
];

export const t = (text: string, events: Partial<Omit<TTurn, "text">> = {}): TTurn => ({
  text,
  activated: events.activated ?? [],
  deactivated: events.deactivated ?? [],
  restated: events.restated ?? [],
});

export const tracecatHistories: Record<THistory["condition"], THistory> = {
  direct: {
    condition: "direct",
    turns: [t("Required secrets must raise when missing; optional ones return None.", { activated: ["A1", "A2"] })],
  },
  paraphrase_direct: {
    condition: "paraphrase_direct",
    turns: [t("When a secret is absent: raise if it is required, give back None if it is optional.", { activated: ["A1", "A2"] })],
  },
  duplicate: {
    condition: "duplicate",
    turns: [
      t("Required secrets must raise when missing; optional ones return None.", { activated: ["A1", "A2"] }),
      t("Just to repeat: required raises, optional gives None.", { restated: ["A1", "A2"] }),
    ],
  },
  split: {
    condition: "split",
    turns: [
      t("A missing required secret should raise.", { activated: ["A1"] }),
      t("Also, a missing optional secret returns None.", { activated: ["A2"] }),
    ],
  },
  override: {
    condition: "override",
    turns: [
      t("Missing secrets should just come back as an empty string.", { activated: ["A3"] }),
      t("Change of plan: required ones raise, optional ones return None.", { deactivated: ["A3"], activated: ["A1", "A2"] }),
    ],
  },
  cancellation: {
    condition: "cancellation",
    turns: [
      t("Required secrets must raise when missing; optional ones return None. Also warn on every miss.", { activated: ["A1", "A2", "A5"] }),
      t("Forget the warnings.", { deactivated: ["A5"] }),
    ],
  },
  length_matched: {
    condition: "length_matched",
    turns: [
      t("Required secrets must raise when missing; optional ones return None.", { activated: ["A1", "A2"] }),
      t("Thanks, nothing else for now, please carry on."),
    ],
  },
};
