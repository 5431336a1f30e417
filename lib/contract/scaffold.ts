// Pure: the scaffold of each condition's history, derived from the catalog.
import { z } from "zod";
import { indexCatalog, type TCatalogIndex } from "./catalog";
import { deriveLengthMatched } from "./padding";
import {
  CONDITIONS,
  contractError,
  ZAtomKeySchema,
  ZCatalogSchema,
  type TCondition,
  type TContractError,
  type THistory,
  type TResult,
  type TTurn,
} from "./types";

/** An override path: the temporary atom it replaces and the final atom(s) replacing it. */
export const ZOverrideSchema = z.object({
  replaces: ZAtomKeySchema,
  by: z.array(ZAtomKeySchema).min(1, "an override names at least one replacement"),
});
export type TOverride = z.infer<typeof ZOverrideSchema>;

export const ZScaffoldCatalogSchema = z.object({
  atoms: ZCatalogSchema,
  overrides: z.array(ZOverrideSchema),
  /** Temporary atoms the cancellation history withdraws; by default those no override uses, else the overridden ones. */
  cancels: z.array(ZAtomKeySchema).optional(),
  /** Whether drafts state the fixed obligations P in their first turn (they are in C* either way). */
  stateFixed: z.boolean().optional(),
});
export type TScaffoldCatalog = z.infer<typeof ZScaffoldCatalogSchema>;

/** Override paths read off atom rows that record, on each temporary atom, the keys that replace it (Atom.replacedBy). */
export function overridesFromReplacedBy(atoms: readonly { key: string; role: string; replacedBy: readonly string[] }[]): TOverride[] {
  return atoms.filter((a) => a.role === "temporary" && a.replacedBy.length > 0).map((a) => ({ replaces: a.key, by: [...a.replacedBy] }));
}

/** Every scaffolded text starts with this, so a draft nobody rewrote is easy to find. */
export const DRAFT_MARKER = "[draft]";

export function hasDraftText(history: THistory): boolean {
  return history.turns.some((t) => t.text.includes(DRAFT_MARKER));
}

type TPlan = {
  index: TCatalogIndex;
  final: string[];
  fixed: string[];
  overrides: TOverride[];
  cancels: string[];
};

function plan(input: TScaffoldCatalog): TResult<TPlan> {
  const indexed = indexCatalog(input.atoms);
  if (!indexed.ok) return indexed;
  const index = indexed.value;
  const errors: TContractError[] = [];
  const fail = (atomKey: string | null, message: string) => errors.push(contractError("scaffold_catalog", null, atomKey, message));
  const final = input.atoms.filter((a) => a.role === "final").map((a) => a.key);
  if (final.length === 0) fail(null, "The catalog has no final atom; every history needs at least one.");
  const replaced = new Set<string>();
  for (const { replaces, by } of input.overrides) {
    if (!index.temporary.has(replaces)) fail(replaces, `Override replaces ${replaces}, which is not a temporary atom of the catalog.`);
    for (const key of by) {
      if (!index.final.has(key)) fail(key, `Override replaces ${replaces} by ${key}, which is not a final atom of the catalog.`);
      else if (replaced.has(key)) fail(key, `${key} replaces more than one temporary atom; it can be activated only once.`);
      replaced.add(key);
    }
  }
  const overridden = input.overrides.map((o) => o.replaces);
  const unused = [...index.temporary].filter((k) => !overridden.includes(k));
  const cancels = input.cancels ?? (unused.length > 0 ? unused : [...new Set(overridden)]);
  for (const key of cancels) {
    if (!index.temporary.has(key)) fail(key, `Cancellation withdraws ${key}, which is not a temporary atom of the catalog.`);
  }
  if (errors.length > 0) return { ok: false, errors };
  const fixed = input.stateFixed ? input.atoms.filter((a) => a.role === "fixed").map((a) => a.key) : [];
  return { ok: true, value: { index, final, fixed, overrides: input.overrides, cancels } };
}

/** Statements joined into one clause; each one's closing full stop is dropped so "a.; b.." reads "a; b." */
const statements = (p: TPlan, keys: readonly string[]) => keys.map((k) => p.index.byKey.get(k)!.statement.trim().replace(/\.+$/, "")).join("; ");

const turn = (text: string, events: Partial<Omit<TTurn, "text">>): TTurn => ({
  text: `${DRAFT_MARKER} ${text}`,
  activated: events.activated ?? [],
  deactivated: events.deactivated ?? [],
  restated: events.restated ?? [],
});

function directTurn(p: TPlan, lead: string): TTurn {
  const keys = [...p.final, ...p.fixed];
  return turn(`${lead}: ${statements(p, keys)}.`, { activated: keys });
}

type TDraft = (p: TPlan) => TResult<TTurn[]>;

const ok = (turns: TTurn[]): TResult<TTurn[]> => ({ ok: true, value: turns });
const cannot = (message: string): TResult<TTurn[]> => ({ ok: false, errors: [contractError("scaffold_catalog", null, null, message)] });

const drafts: Record<Exclude<TCondition, "length_matched">, TDraft> = {
  direct: (p) => ok([directTurn(p, "State the whole request at once")]),
  paraphrase_direct: (p) => ok([directTurn(p, "Restate the whole request in different words")]),
  duplicate: (p) =>
    ok([
      directTurn(p, "State the whole request at once"),
      turn(`Repeat, adding nothing: ${statements(p, p.final)}.`, { restated: p.final }),
    ]),
  split: (p) => {
    if (p.final.length < 2) return cannot("Split needs at least two final atoms to spread across turns.");
    const half = Math.ceil(p.final.length / 2);
    const first = [...p.final.slice(0, half), ...p.fixed];
    const second = p.final.slice(half);
    return ok([
      turn(`State the first part of the request: ${statements(p, first)}.`, { activated: first }),
      turn(`Add the rest, without repeating the first part: ${statements(p, second)}.`, { activated: second }),
    ]);
  },
  override: (p) => {
    if (p.overrides.length === 0) return cannot("Override needs a temporary atom and the final atom(s) that replace it.");
    const old = [...new Set(p.overrides.map((o) => o.replaces))];
    const replacements = p.overrides.flatMap((o) => o.by);
    const untouched = p.final.filter((k) => !replacements.includes(k));
    const first = [...old, ...untouched, ...p.fixed];
    return ok([
      turn(`State the earlier version of the request: ${statements(p, first)}.`, { activated: first }),
      turn(`Replace ${statements(p, old)} with: ${statements(p, replacements)}.`, { deactivated: old, activated: replacements }),
    ]);
  },
  cancellation: (p) => {
    if (p.cancels.length === 0) return cannot("Cancellation needs a temporary atom to withdraw.");
    const first = [...p.final, ...p.cancels, ...p.fixed];
    return ok([
      turn(`State the request, including what will be withdrawn later: ${statements(p, first)}.`, { activated: first }),
      turn(`Withdraw, with no replacement: ${statements(p, p.cancels)}.`, { deactivated: p.cancels }),
    ]);
  },
};

/**
 * A draft history for one condition: the hidden trace is final, the text is a
 * placeholder the curator rewrites. length_matched is derived from the direct
 * and cancellation drafts (recompute it with deriveLengthMatched once their text is final).
 */
export function scaffoldHistory(condition: TCondition, input: TScaffoldCatalog): TResult<THistory> {
  const planned = plan(input);
  if (!planned.ok) return planned;
  if (condition === "length_matched") {
    const direct = scaffoldHistory("direct", input);
    const cancellation = scaffoldHistory("cancellation", input);
    if (!direct.ok) return direct;
    if (!cancellation.ok) return cancellation;
    return deriveLengthMatched(direct.value, cancellation.value);
  }
  const turns = drafts[condition](planned.value);
  return turns.ok ? { ok: true, value: { condition, turns: turns.value } } : turns;
}

/** Drafts of all seven conditions, or every reason some cannot be drafted. */
export function scaffoldFamily(input: TScaffoldCatalog): TResult<THistory[]> {
  const histories: THistory[] = [];
  const errors: TContractError[] = [];
  for (const condition of CONDITIONS) {
    const result = scaffoldHistory(condition, input);
    if (result.ok) histories.push(result.value);
    else errors.push(...result.errors.filter((e) => !errors.some((x) => x.message === e.message)));
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: histories };
}
