// Pure: the gates of stage 4, path construction.
import { indexCatalog, sortAtomKeys, type TCatalogIndex } from "../contract/catalog";
import { lengthDifferences, paraphraseDifferences } from "../contract/conditions";
import { endsAtContractIndexed } from "../contract/equivalence";
import { checkStructureIndexed } from "../contract/structure";
import { historyTokenCount } from "../contract/tokens";
import { DRAFT_MARKER } from "../contract/scaffold";
import { CONDITIONS, CORE_CONDITIONS, type TCondition, type TContractErrorCode } from "../contract/types";
import { indexProbeNames, lintHistoryText } from "../histories/leak-lint";
import { fixedPatches } from "./calibration";
import type { TFamilyContext } from "./context";
import { findings, listOf, settle } from "./gate";
import { differingPositions, replayKey } from "./runs";
import type { TGate, THistoryFact } from "./types";

/** Checked by the paraphrase and length gates, not repeated under structure. */
const COMPARISON_CODES = new Set<TContractErrorCode>(["events_differ", "same_wording", "length_turns", "length_tokens", "missing_reference"]);

type TPathContext = TFamilyContext & {
  byCondition: Map<TCondition, THistoryFact[]>;
  /** The single current history of a condition, when there is exactly one. */
  only(condition: TCondition): THistoryFact | undefined;
  index: TCatalogIndex | null;
  catalogProblems: string[];
};

function pathContext(ctx: TFamilyContext): TPathContext {
  const byCondition = new Map<TCondition, THistoryFact[]>();
  for (const h of ctx.facts.histories) byCondition.set(h.condition, [...(byCondition.get(h.condition) ?? []), h]);
  const indexed = indexCatalog(ctx.catalog);
  return {
    ...ctx,
    byCondition,
    only: (c) => (byCondition.get(c)?.length === 1 ? byCondition.get(c)![0] : undefined),
    index: indexed.ok ? indexed.value : null,
    catalogProblems: indexed.ok ? [] : indexed.errors.map((e) => e.message),
  };
}

function present(p: TPathContext): TGate {
  const f = findings();
  for (const condition of CONDITIONS) {
    const n = p.byCondition.get(condition)?.length ?? 0;
    if (n === 0) f.waits.push(`Write the ${condition} history.`);
    if (n > 1) f.failures.push(`${condition} has ${n} current revisions; keep one.`);
  }
  f.evidence.push({ label: "histories", detail: listOf(CONDITIONS.filter((c) => p.byCondition.has(c))) });
  return settle("paths", "present", "All five core histories and both controls exist", f);
}

function replaysToContract(p: TPathContext): TGate {
  const f = findings();
  f.failures.push(...p.catalogProblems);
  if (p.facts.histories.length === 0) f.waits.push("No history yet.");
  let atContract = 0;
  for (const h of p.index ? p.facts.histories : []) {
    const verdict = endsAtContractIndexed(h, p.index!);
    if (!verdict.ok) {
      f.failures.push(...verdict.errors.map((e) => `${h.condition}: ${e.message}`));
      continue;
    }
    const { extra, missing } = verdict.value;
    if (extra.length > 0) f.failures.push(`${h.condition} ends with ${listOf(extra.map((a) => a.key))} active, which C* does not contain.`);
    if (missing.length > 0) f.failures.push(`${h.condition} never leaves ${listOf(missing.map((a) => a.key))} of C* active.`);
    if (verdict.value.atContract) atContract++;
  }
  f.evidence.push({ label: "C*", detail: listOf(sortAtomKeys(p.index?.contract ?? [])) });
  f.evidence.push({ label: "histories ending at C*", detail: `${atContract} of ${p.facts.histories.length}` });
  return settle("paths", "replay", "Each history replays to C*", f);
}

function structure(p: TPathContext): TGate {
  const f = findings();
  f.failures.push(...p.catalogProblems);
  if (p.facts.histories.length === 0) f.waits.push("No history yet.");
  const references = { direct: p.only("direct"), cancellation: p.only("cancellation") };
  let satisfied = 0;
  for (const h of p.index ? p.facts.histories : []) {
    const result = checkStructureIndexed(h, p.index!, references);
    const errors = result.ok ? [] : result.errors.filter((e) => !COMPARISON_CODES.has(e.code));
    f.failures.push(...errors.map((e) => `${h.condition}: ${e.message}`));
    if (errors.length === 0) satisfied++;
  }
  f.evidence.push({ label: "histories with their condition's structure", detail: `${satisfied} of ${p.facts.histories.length}` });
  return settle("paths", "structure", "Each history has its condition's structure", f);
}

/**
 * Unfinished text fails (issue 12 item 6): scaffold drafts and empty turns always;
 * leak-lint hits (atom keys, event or role labels, probe names) unless a curator
 * waived that one hit with a reason — the editor's warning and the gate agree.
 */
function visibleText(p: TPathContext): TGate {
  const f = findings();
  if (p.facts.histories.length === 0) f.waits.push("No history yet.");
  const lint = { atomKeys: p.facts.atoms.map((a) => a.key), probeTestIds: p.facts.probes.map((x) => x.testId) };
  const probeIndex = indexProbeNames(lint.probeTestIds);
  let waived = 0;
  let finished = 0;
  for (const h of p.facts.histories) {
    const before = f.failures.length;
    h.turns.forEach((turn, i) => {
      if (turn.text.includes(DRAFT_MARKER)) f.failures.push(`${h.condition}: turn ${i + 1} still carries the scaffold's ${DRAFT_MARKER} text; rewrite it.`);
      else if (turn.text.trim() === "") f.failures.push(`${h.condition}: turn ${i + 1} has no text.`);
    });
    const waivers = new Set((h.waivers ?? []).map((w) => `${w.turn}\u0000${w.kind}\u0000${w.match}`));
    for (const hit of lintHistoryText(h.turns, lint, probeIndex)) {
      if (waivers.has(`${hit.turn}\u0000${hit.kind}\u0000${hit.match}`)) waived++;
      else f.failures.push(`${h.condition}: ${hit.message} (A curator may waive this hit with a reason if it is not a leak.)`);
    }
    if (f.failures.length === before) finished++;
  }
  f.evidence.push({ label: "histories with finished text", detail: `${finished} of ${p.facts.histories.length}` });
  if (waived > 0) f.evidence.push({ label: "waived leak-lint hits", detail: String(waived) });
  return settle("paths", "visible_text", "Visible text is finished: no draft placeholder, no unwaived leak", f);
}

function paraphrase(p: TPathContext): TGate {
  const f = findings();
  const para = p.only("paraphrase_direct");
  const direct = p.only("direct");
  if (!para || !direct) f.waits.push("Needs exactly one direct and one paraphrase_direct history.");
  else f.failures.push(...paraphraseDifferences(para, direct).map((e) => e.message));
  return settle("paths", "paraphrase", "paraphrase_direct keeps direct's events in different wording", f);
}

function lengthMatch(p: TPathContext): TGate {
  const f = findings();
  const lm = p.only("length_matched");
  const cancellation = p.only("cancellation");
  if (!lm || !cancellation) f.waits.push("Needs exactly one length_matched and one cancellation history.");
  else {
    f.failures.push(...lengthDifferences(lm, cancellation).map((e) => e.message));
    for (const h of [lm, cancellation]) {
      f.evidence.push({ label: h.condition, detail: `${h.turns.length} turns, ${historyTokenCount(h)} whitespace tokens` });
    }
  }
  return settle("paths", "length_match", "length_matched equals cancellation in turns and whitespace tokens", f);
}

/** Fixed patches replayed under every core history must give one signature: the verifier may not depend on presentation. */
function replaySignatures(p: TPathContext): TGate {
  const f = findings();
  const core = CORE_CONDITIONS.map((c) => ({ condition: c, history: p.only(c) }));
  const absent = core.filter((c) => !c.history).map((c) => c.condition);
  if (absent.length > 0) {
    f.waits.push(`Replay needs exactly one current history for each core condition (${listOf(absent)} missing or duplicated).`);
    return settle("paths", "replay_signatures", "Fixed patches give identical signatures under every core history", f);
  }
  if (p.runs.replay.size === 0) {
    f.waits.push("No replay run yet: replay base, gold and each negative under the five core histories.");
    return settle("paths", "replay_signatures", "Fixed patches give identical signatures under every core history", f);
  }
  const patches = fixedPatches(p.facts.patches);
  let unrun = 0;
  let inFlight = 0;
  let identical = 0;
  for (const patch of patches) {
    let reference: { bits: string; condition: TCondition } | null = null;
    let complete = true;
    let agrees = true;
    for (const { condition, history } of core) {
      const g = p.runs.group(p.runs.replay.get(replayKey(patch.key, history!.revisionId)));
      for (const run of g.broken) f.failures.push(`Replay run ${run.id} (${patch.label} under ${condition}) ended in ${run.status}${run.message ? `: ${run.message}` : ""}.`);
      for (const run of g.malformed) f.failures.push(`Replay run ${run.id} (${patch.label} under ${condition}) finished without a signature over the current probes.`);
      inFlight += g.inFlight.length;
      if (g.signatures.length === 0) {
        complete = false;
        if (g.inFlight.length === 0) unrun++;
        continue;
      }
      for (const { bits } of g.signatures) {
        if (reference === null) reference = { bits, condition };
        else if (bits !== reference.bits) {
          agrees = false;
          const probes = differingPositions(bits, reference.bits).map(p.testIdAt);
          f.failures.push(`${patch.label}: the signature under ${condition} differs from ${reference.condition} on ${listOf(probes, 5)}.`);
          break;
        }
      }
    }
    if (complete && agrees) identical++;
  }
  if (inFlight > 0) f.waits.push(`${inFlight} replay run(s) queued or running.`);
  if (unrun > 0) f.waits.push(`${unrun} (fixed patch, core history) pair(s) have no replay run yet.`);
  f.evidence.push({ label: "fixed patches with one signature across the core histories", detail: `${identical} of ${patches.length}` });
  return settle("paths", "replay_signatures", "Fixed patches give identical signatures under every core history", f);
}

export function pathGates(ctx: TFamilyContext): TGate[] {
  const p = pathContext(ctx);
  return [present(p), replaysToContract(p), structure(p), visibleText(p), paraphrase(p), lengthMatch(p), replaySignatures(p)];
}
