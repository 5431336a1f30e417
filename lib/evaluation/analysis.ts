// Pure: FCR per condition, complete blocks, CPV conditional on direct success, control contrasts,
// attrition and the raster — from decided rows (decision.ts), with the family as the inferential unit.
import { CONTROL_CONDITIONS, CORE_CONDITIONS, type TCondition } from "../contract/types";
import { macroWithInterval, mean, type TInterval } from "./bootstrap";
import { blockKeyOf, configurationLabel } from "./decision";
import type { TAttritionCause, TDecidedRow, TScoredRow } from "./types";

export const OPERATORS = ["duplicate", "split", "override", "cancellation"] as const;
export type TOperator = (typeof OPERATORS)[number];
type TControl = (typeof CONTROL_CONDITIONS)[number];

export type TCount = { positive: number; eligible: number };
export type TFcr = { macro: TInterval; support: number; successes: number; perFamily: { family: string; rate: number; support: number }[] };
export type TCpv = TCount & { macro: TInterval; perFamily: (TCount & { family: string; rate: number })[] };
export type TRasterBlock = {
  family: string;
  configuration: string;
  repeat: number;
  outcomes: Record<(typeof CORE_CONDITIONS)[number], boolean>;
  signatures: Record<(typeof CORE_CONDITIONS)[number], number[]>;
  directSuccess: boolean;
  violated: TOperator[];
};

export type TAnalysis = {
  rows: { planned: number; scored: number; successes: number; failures: number; excluded: number; pending: number };
  fcr: Record<TCondition, TFcr>;
  blocks: { possible: number; complete: number; directSuccess: number; violated: number };
  anyCpv: TCpv;
  cpvByOperator: Record<TOperator, TCpv>;
  byConfiguration: { configuration: string; fcr: Record<TCondition, TFcr>; completeBlocks: number; anyCpv: TCpv }[];
  controls: Record<TControl, { pairs: number; differencePp: TInterval }>;
  attrition: { cause: TAttritionCause; configuration: string; count: number }[];
  raster: TRasterBlock[];
  summary: string;
};

export function analyze(rows: readonly TDecidedRow[]): TAnalysis {
  const scored = rows.filter((r): r is TScoredRow => r.kind === "scored");
  const blocks = completeBlocks(scored);
  const eligible = blocks.filter((b) => b.directSuccess);
  const violated = eligible.filter((b) => b.violated.length > 0);
  const anyCpv = cpv(eligible, (b) => b.violated.length > 0);
  const result: TAnalysis = {
    rows: {
      planned: rows.length,
      scored: scored.length,
      successes: scored.filter((r) => r.success).length,
      failures: scored.filter((r) => !r.success).length,
      excluded: rows.filter((r) => r.kind === "excluded").length,
      pending: rows.filter((r) => r.kind === "pending").length,
    },
    fcr: fcrByCondition(scored),
    blocks: { possible: new Set(rows.map(blockKeyOf)).size, complete: blocks.length, directSuccess: eligible.length, violated: violated.length },
    anyCpv,
    cpvByOperator: Object.fromEntries(OPERATORS.map((op) => [op, cpv(eligible, (b) => b.violated.includes(op))])) as Record<TOperator, TCpv>,
    byConfiguration: [...groupBy(scored, (r) => configurationLabel(r.configuration))].map(([configuration, own]) => {
      const ownBlocks = blocks.filter((b) => b.configuration === configuration);
      return {
        configuration,
        fcr: fcrByCondition(own, false),
        completeBlocks: ownBlocks.length,
        anyCpv: cpv(ownBlocks.filter((b) => b.directSuccess), (b) => b.violated.length > 0),
      };
    }).sort((a, b) => a.configuration.localeCompare(b.configuration)),
    controls: Object.fromEntries(CONTROL_CONDITIONS.map((c) => [c, controlContrast(scored, c)])) as TAnalysis["controls"],
    attrition: attrition(rows),
    raster: [...blocks].sort((a, b) => Number(b.directSuccess) - Number(a.directSuccess) || a.family.localeCompare(b.family) || a.configuration.localeCompare(b.configuration) || a.repeat - b.repeat),
    summary: "",
  };
  result.summary = summarize(result);
  return result;
}

/** Per configuration the intervals are left out (NaN): 14 configurations × 7 conditions of bootstraps cost more than they tell. */
const fcrByCondition = (scored: readonly TScoredRow[], withInterval = true) =>
  Object.fromEntries([...CORE_CONDITIONS, ...CONTROL_CONDITIONS].map((c) => [c, fcr(scored.filter((r) => r.condition === c), withInterval)])) as Record<TCondition, TFcr>;

function fcr(rows: readonly TScoredRow[], withInterval: boolean): TFcr {
  const perFamily = [...groupBy(rows, (r) => r.family)].map(([family, own]) => ({ family, support: own.length, rate: mean(own.map((r) => (r.success ? 1 : 0))) }));
  const rates = perFamily.map((f) => f.rate);
  const macro = withInterval ? macroWithInterval(rates) : { estimate: mean(rates), low: Number.NaN, high: Number.NaN };
  return { macro, support: rows.length, successes: rows.filter((r) => r.success).length, perFamily };
}

/** Blocks (family × configuration × repeat) whose five core histories are all scored. */
function completeBlocks(scored: readonly TScoredRow[]): TRasterBlock[] {
  const out: TRasterBlock[] = [];
  for (const own of groupBy(scored, blockKeyOf).values()) {
    const byCondition = new Map(own.map((r) => [r.condition, r]));
    if (!CORE_CONDITIONS.every((c) => byCondition.has(c))) continue;
    const at = (c: (typeof CORE_CONDITIONS)[number]) => byCondition.get(c)!;
    const directSuccess = at("direct").success;
    out.push({
      family: own[0]!.family,
      configuration: configurationLabel(own[0]!.configuration),
      repeat: own[0]!.repeat,
      outcomes: Object.fromEntries(CORE_CONDITIONS.map((c) => [c, at(c).success])) as TRasterBlock["outcomes"],
      signatures: Object.fromEntries(CORE_CONDITIONS.map((c) => [c, at(c).signature])) as TRasterBlock["signatures"],
      directSuccess,
      violated: directSuccess ? OPERATORS.filter((op) => !at(op).success) : [],
    });
  }
  return out;
}

/** CPV among direct-success blocks: per family positive / eligible, then the task-macro mean. */
function cpv(eligible: readonly TRasterBlock[], positive: (b: TRasterBlock) => boolean): TCpv {
  const perFamily = [...groupBy(eligible, (b) => b.family)].map(([family, own]) => {
    const p = own.filter(positive).length;
    return { family, positive: p, eligible: own.length, rate: p / own.length };
  });
  return {
    positive: eligible.filter(positive).length,
    eligible: eligible.length,
    macro: macroWithInterval(perFamily.map((f) => f.rate)),
    perFamily,
  };
}

/** control − direct on the same (family, configuration, repeat), in percentage points, task-macro. */
function controlContrast(scored: readonly TScoredRow[], control: TControl) {
  const perFamily = new Map<string, number[]>();
  let pairs = 0;
  for (const own of groupBy(scored, blockKeyOf).values()) {
    const direct = own.find((r) => r.condition === "direct");
    const other = own.find((r) => r.condition === control);
    if (!direct || !other) continue;
    pairs++;
    const list = perFamily.get(direct.family) ?? [];
    list.push(100 * (Number(other.success) - Number(direct.success)));
    perFamily.set(direct.family, list);
  }
  return { pairs, differencePp: macroWithInterval([...perFamily.values()].map(mean)) };
}

function attrition(rows: readonly TDecidedRow[]) {
  const counts = new Map<string, { cause: TAttritionCause; configuration: string; count: number }>();
  for (const r of rows) {
    if (r.kind !== "excluded") continue;
    const configuration = configurationLabel(r.configuration);
    const key = `${r.cause}\u0000${configuration}`;
    const entry = counts.get(key) ?? { cause: r.cause, configuration, count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  return [...counts.values()].sort((a, b) => a.cause.localeCompare(b.cause) || a.configuration.localeCompare(b.configuration));
}

export const percent = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : "—");
const interval = (i: TInterval) => (Number.isFinite(i.estimate) ? `${percent(i.estimate)} (95% CI ${percent(i.low)}–${percent(i.high)})` : "— (no eligible block)");

/** The method's compact sentence, from live figures. */
export function summarize(a: Pick<TAnalysis, "blocks" | "anyCpv">): string {
  return (
    `Of ${a.blocks.possible} possible blocks, ${a.blocks.complete} have all core histories scored; ` +
    `direct succeeds in ${a.blocks.directSuccess} of those, and ${a.blocks.violated} then fail under at least one contract-equivalent history; ` +
    `any-CPV task-macro ${interval(a.anyCpv.macro)}.`
  );
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
