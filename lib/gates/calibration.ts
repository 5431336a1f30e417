// Pure: the gates of stage 3, verifier calibration.
import type { TFamilyContext } from "./context";
import { findings, listOf, settle, type TFindings } from "./gate";
import { BASE, differingPositions, positionsWith, type TRunGroup } from "./runs";
import type { TGate, TPatchFact } from "./types";

const RUNS_PER_GOLD = 3;

function waitForRuns(f: TFindings, g: TRunGroup, what: string) {
  f.waits.push(g.inFlight.length > 0 ? `${what}: ${g.inFlight.length} run(s) queued or running.` : `${what}: no finished calibration run yet.`);
}

const probes = (ctx: TFamilyContext, positions: readonly number[]) => listOf(positions.map(ctx.testIdAt), 5);

function gold(ctx: TFamilyContext): TGate {
  const f = findings();
  const golds = ctx.facts.patches.filter((p) => p.kind === "gold");
  if (golds.length === 0) f.waits.push("Add the gold patch.");
  if (golds.length > 1) f.failures.push(`There are ${golds.length} gold patches; keep exactly one.`);
  const patch = golds[0];
  if (patch) {
    const g = ctx.runs.group(ctx.runs.calibrate.get(patch.id));
    const sigs = g.signatures;
    f.evidence.push({ label: "finished gold runs", detail: `${sigs.length} of ${RUNS_PER_GOLD}` });
    if (sigs.length < RUNS_PER_GOLD) {
      f.waits.push(`Gold has finished ${sigs.length} of ${RUNS_PER_GOLD} calibration runs${g.inFlight.length > 0 ? `; ${g.inFlight.length} queued or running` : ""}.`);
    }
    const first = sigs[0];
    if (first) {
      const flaky = new Set<number>();
      for (const { bits } of sigs.slice(1)) if (bits !== first.bits) for (const i of differingPositions(bits, first.bits)) flaky.add(i);
      const failing = positionsWith(first.bits, "0").filter((i) => !flaky.has(i));
      for (const i of [...flaky].sort((a, b) => a - b)) f.failures.push(`Probe ${ctx.testIdAt(i)} is flaky: the gold runs disagree on it.`);
      for (const i of failing) f.failures.push(`Gold fails probe ${ctx.testIdAt(i)}.`);
      f.evidence.push({ label: "probes passing on every gold run", detail: `${ctx.runs.probeIds.length - flaky.size - failing.length} of ${ctx.runs.probeIds.length}` });
    }
  }
  return settle("calibration", "gold", "Gold passes every probe, three times", f);
}

function base(ctx: TFamilyContext): TGate {
  const f = findings();
  const g = ctx.runs.group(ctx.runs.calibrate.get(BASE));
  if (g.signatures.length === 0) waitForRuns(f, g, "The unmodified base");
  const passing = new Set<number>();
  for (const { bits, runId } of g.signatures) {
    for (const i of positionsWith(bits, "1")) if (!ctx.guards.has(i)) passing.add(i);
    // Guards are expected to pass on base; the base must fail a probe that covers an atom.
    if (!positionsWith(bits, "0").some((i) => !ctx.guards.has(i))) {
      f.failures.push(`The unmodified base passes every probe (run ${runId}); the verifier cannot tell the base from the contract.`);
    }
  }
  const nonDiscriminating = [...passing].sort((a, b) => a - b).map(ctx.testIdAt);
  f.evidence.push({ label: "non-discriminating probes (pass on base)", detail: listOf(nonDiscriminating) });
  // A fixed atom's probe passes on the base by design; a final atom's cannot tell gold from the base.
  const finalProbes = new Set(ctx.catalog.filter((a) => a.role === "final").flatMap((a) => ctx.probesOf.get(a.key) ?? []));
  const finalPassing = [...passing].filter((i) => finalProbes.has(i)).sort((a, b) => a - b).map(ctx.testIdAt);
  if (finalPassing.length > 0) f.evidence.push({ label: "probes of final atoms passing on base", detail: listOf(finalPassing) });
  if (ctx.guards.size > 0) f.evidence.push({ label: "guard tests (pass-to-pass)", detail: listOf([...ctx.guards].map(ctx.testIdAt)) });
  return settle("calibration", "base", "The unmodified base fails", f);
}

/**
 * Why one signature does not prove a negative selective (issue 12 item 5): it must
 * fail a probe of its target, pass every probe that does not cover the target
 * (guards aside), and leave every other final atom at least one passing probe —
 * otherwise it may have broken that atom too, through a probe they share.
 */
function selectivityProblems(ctx: TFamilyContext, target: string, finals: readonly string[], bits: string): string[] {
  const mine = ctx.probesOf.get(target) ?? [];
  const fails = (i: number) => bits[i] === "0";
  const parts: string[] = [];
  if (!mine.some(fails)) parts.push(`passes ${probes(ctx, mine)}, which cover ${target}`);
  const own = new Set(mine);
  const failsOther = positionsWith(bits, "0").filter((i) => !own.has(i) && !ctx.guards.has(i));
  if (failsOther.length > 0) parts.push(`fails ${probes(ctx, failsOther)}, which do not cover ${target}`);
  for (const other of finals) {
    const theirs = ctx.probesOf.get(other) ?? [];
    if (other === target || theirs.length === 0 || !theirs.every(fails)) continue;
    if (theirs.every((i) => own.has(i))) parts.push(`fails every probe of ${other} (${probes(ctx, theirs)}), which it does not target, so it may break ${other} too`);
  }
  return parts;
}

function negatives(ctx: TFamilyContext): TGate {
  const f = findings();
  const all = ctx.facts.patches.filter((p) => p.kind === "negative");
  const targeted = new Set(all.map((p) => p.targetAtomKey));
  const finals = ctx.catalog.filter((a) => a.role === "final").map((a) => a.key);
  for (const key of finals) if (!targeted.has(key)) f.waits.push(`Write a negative patch that removes or reverses ${key}.`);
  let selective = 0;
  for (const patch of all) {
    const target = patch.targetAtomKey;
    if (target === null) {
      f.failures.push(`Negative ${patch.name} names no target atom.`);
      continue;
    }
    if (!ctx.accepted.has(target)) {
      f.failures.push(`Negative ${patch.name} targets ${target}, which is not an accepted atom.`);
      continue;
    }
    if (patch.empty) f.failures.push(`Negative ${patch.name} is an empty patch.`);
    if (patch.identicalToGold) f.failures.push(`Negative ${patch.name} is identical to gold.`);
    if (!ctx.probesOf.has(target)) {
      f.failures.push(`No probe covers ${target}, so negative ${patch.name} cannot be shown to fail it.`);
      continue;
    }
    const g = ctx.runs.group(ctx.runs.calibrate.get(patch.id));
    if (g.signatures.length === 0) {
      waitForRuns(f, g, `Negative ${patch.name}`);
      continue;
    }
    const problems = g.signatures.map((s) => ({ runId: s.runId, parts: selectivityProblems(ctx, target, finals, s.bits) }));
    const wrong = problems.find((p) => p.parts.length > 0);
    if (!wrong) {
      selective++;
      continue;
    }
    f.failures.push(`Negative ${patch.name} (run ${wrong.runId}) ${wrong.parts.join(" and ")}.`);
  }
  f.evidence.push({ label: "negatives", detail: String(all.length) });
  f.evidence.push({ label: "final atoms with a negative", detail: `${finals.filter((k) => targeted.has(k)).length} of ${finals.length}` });
  f.evidence.push({ label: "selective negatives (fail only their target's probes)", detail: `${selective} of ${all.length}` });
  return settle("calibration", "negatives", "Each negative fails its target's probes and passes the others", f);
}

function alternatives(ctx: TFamilyContext): TGate {
  const f = findings();
  const all = ctx.facts.patches.filter((p) => p.kind === "alternative");
  for (const patch of all) {
    const g = ctx.runs.group(ctx.runs.calibrate.get(patch.id));
    if (g.signatures.length === 0) waitForRuns(f, g, `Alternative ${patch.name}`);
    for (const { bits, runId } of g.signatures) {
      const failing = positionsWith(bits, "0");
      if (failing.length > 0) f.failures.push(`Alternative ${patch.name} fails ${probes(ctx, failing)} (run ${runId}); the verifier may be fitted to the reference.`);
    }
  }
  f.evidence.push({ label: "alternatives", detail: all.length === 0 ? "none written" : String(all.length) });
  return settle("calibration", "alternatives", "Every alternative passes every probe", f);
}

function runHealth(ctx: TFamilyContext): TGate {
  const f = findings();
  const label = new Map<string, string>([[BASE, "base"]]);
  for (const p of ctx.facts.patches) label.set(p.id, `${p.kind} ${p.name}`);
  let inFlight = 0;
  let finished = 0;
  let stale = 0;
  for (const [key, runs] of ctx.runs.calibrate) {
    const name = label.get(key);
    if (name === undefined) continue; // a deleted patch
    const g = ctx.runs.group(runs);
    for (const run of g.broken) f.failures.push(`Run ${run.id} (${name}) ended in ${run.status}${run.message ? `: ${run.message}` : ""}.`);
    for (const run of g.malformed) f.failures.push(`Run ${run.id} (${name}) finished without a signature over the current probes.`);
    inFlight += g.inFlight.length;
    finished += g.signatures.length;
    stale += g.stale;
  }
  if (inFlight > 0) f.waits.push(`${inFlight} calibration run(s) queued or running.`);
  if (inFlight + finished + f.failures.length === 0) f.waits.push("No calibration run yet.");
  f.evidence.push({ label: "finished calibration runs", detail: String(finished) });
  if (stale > 0) f.evidence.push({ label: "ignored (ran older content)", detail: String(stale) });
  return settle("calibration", "runs", "No run timed out, collected nothing, failed to apply or hit an infrastructure error", f);
}

export function calibrationGates(ctx: TFamilyContext): TGate[] {
  return [gold(ctx), base(ctx), negatives(ctx), alternatives(ctx), runHealth(ctx)];
}

/** The patches whose behavior must not depend on the history: base, gold and every negative. */
export function fixedPatches(patches: readonly TPatchFact[]): { key: string; label: string }[] {
  return [
    { key: BASE, label: "base" },
    ...patches.filter((p) => p.kind === "gold" || p.kind === "negative").map((p) => ({ key: p.id, label: `${p.kind} ${p.name}` })),
  ];
}
