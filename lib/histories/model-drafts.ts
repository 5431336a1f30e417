// Pure: the request that asks a model to rewrite a scaffolded history's template turns in plain
// language, and the checks its answer must pass before it replaces a template: one text per
// turn, no leak-lint hit (atom key, event or role label, probe name). A turn whose rewrite fails
// keeps the template, with the reason. Every text keeps the [draft] marker until a curator edits it.
import { z } from "zod";
import { DRAFT_MARKER, type TCondition, type TTurn } from "@/lib/contract";
import { lintTurnText, indexProbeNames, type TLeakLintInput } from "./leak-lint";

export const ZDraftAnswerSchema = z.object({ turns: z.array(z.string().trim().min(1).max(4000)).min(1).max(50) });

const withoutMarker = (text: string) => text.replace(DRAFT_MARKER, "").trim();

/** The user message: the condition and the template turns, without the marker; atom keys never appear in it. */
export function draftRequest(condition: TCondition, turns: readonly TTurn[]): string {
  return [
    `## Condition\n\n${condition.replace("_", " ")}`,
    `## Turns (${turns.length})`,
    ...turns.map((t, i) => `### Turn ${i + 1}\n\n${withoutMarker(t.text)}`),
  ].join("\n\n");
}

export type TDraftOutcome = { turns: TTurn[]; rewritten: number; kept: { turn: number; reason: string }[] };

/**
 * The model's rewrite applied to the template turns: each text replaced (behind the marker)
 * when it passes the leak lint; the hidden events are the template's, untouched.
 */
export function applyDraftAnswer(template: readonly TTurn[], answer: unknown, lint: TLeakLintInput): TDraftOutcome {
  const parsed = ZDraftAnswerSchema.safeParse(answer);
  if (!parsed.success) return { turns: [...template], rewritten: 0, kept: [{ turn: 0, reason: "the model's answer is not {\"turns\": [...]}; every turn keeps its template" }] };
  if (parsed.data.turns.length !== template.length) {
    return { turns: [...template], rewritten: 0, kept: [{ turn: 0, reason: `the model wrote ${parsed.data.turns.length} turn${parsed.data.turns.length === 1 ? "" : "s"} for ${template.length}; every turn keeps its template` }] };
  }
  const probeIndex = indexProbeNames(lint.probeTestIds ?? []);
  const kept: TDraftOutcome["kept"] = [];
  let rewritten = 0;
  const turns = template.map((t, i) => {
    const text = `${DRAFT_MARKER} ${parsed.data.turns[i]!.replace(DRAFT_MARKER, "").trim()}`;
    const hits = lintTurnText(text, i + 1, lint, probeIndex);
    if (hits.length > 0) {
      kept.push({ turn: i + 1, reason: `the rewrite ${hits.map((h) => `${h.kind.replace("_", " ")} “${h.match}”`).join(", ")} would leak; the template is kept` });
      return t;
    }
    rewritten++;
    return { ...t, text };
  });
  return { turns, rewritten, kept };
}
