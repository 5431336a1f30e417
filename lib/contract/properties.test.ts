import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { endsAtContract, equivalent } from "./equivalence";
import { activeSets, replay } from "./replay";
import { scaffoldFamily, type TScaffoldCatalog } from "./scaffold";
import { checkStructure } from "./structure";
import { tracecat } from "./test-fixtures";
import { CONDITIONS, type TAtom, type TCatalog, type THistory, type TTurn } from "./types";

const atom = (key: string, role: TAtom["role"]): TAtom => ({
  key,
  statement: `statement of ${key}`,
  scope: "module",
  inputCondition: "always",
  polarity: "require",
  observation: `observation of ${key}`,
  role,
});

/** A catalog with 2–6 final, 0–2 fixed and 1–3 temporary atoms in shuffled key order, and one override. */
const scaffoldInputs: fc.Arbitrary<TScaffoldCatalog> = fc
  .record({ finals: fc.integer({ min: 2, max: 6 }), fixed: fc.integer({ min: 0, max: 2 }), temporary: fc.integer({ min: 1, max: 3 }) })
  .chain(({ finals, fixed, temporary }) => {
    const roles: TAtom["role"][] = [
      ...Array<TAtom["role"]>(finals).fill("final"),
      ...Array<TAtom["role"]>(fixed).fill("fixed"),
      ...Array<TAtom["role"]>(temporary).fill("temporary"),
    ];
    return fc.record({ order: fc.shuffledSubarray(roles, { minLength: roles.length }), picks: fc.array(fc.boolean(), { minLength: finals, maxLength: finals }), stateFixed: fc.boolean() });
  })
  .map(({ order, picks, stateFixed }) => {
    const atoms = order.map((role, i) => atom(`A${i + 1}`, role));
    const finals = atoms.filter((a) => a.role === "final").map((a) => a.key);
    const by = finals.filter((_, i) => picks[i]);
    return {
      atoms,
      stateFixed,
      overrides: [{ replaces: atoms.find((a) => a.role === "temporary")!.key, by: by.length > 0 ? by : [finals[0]!] }],
    };
  });

const familyOf = (input: TScaffoldCatalog) => {
  const result = scaffoldFamily(input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return Object.fromEntries(result.value.map((h) => [h.condition, h])) as Record<THistory["condition"], THistory>;
};

/** Raw choices turned into a valid trace: activations of inactive atoms, deactivations and restatements of active ones. */
const turnChoices = fc.record({ a: fc.array(fc.nat(7), { maxLength: 3 }), d: fc.array(fc.nat(7), { maxLength: 2 }), r: fc.array(fc.nat(7), { maxLength: 2 }) });
type TChoice = { a: number[]; d: number[]; r: number[] };

function traceFrom(choices: TChoice[], catalog: TCatalog, start: Set<string> = new Set()): TTurn[] {
  const active = new Set(start);
  const keyOf = (n: number) => catalog[n % catalog.length]!.key;
  return choices.map(({ a, d, r }) => {
    const activated = [...new Set(a.map(keyOf))].filter((k) => !active.has(k));
    const deactivated = [...new Set(d.map(keyOf))].filter((k) => active.has(k) && !activated.includes(k));
    const restated = [...new Set(r.map(keyOf))].filter((k) => active.has(k) && !deactivated.includes(k));
    for (const k of deactivated) active.delete(k);
    for (const k of activated) active.add(k);
    return { text: "t", activated, deactivated, restated };
  });
}

const histories = fc.array(turnChoices, { minLength: 1, maxLength: 6 }).map((c) => ({ turns: traceFrom(c, tracecat) }));

const verdict = (a: { turns: TTurn[] }, b: { turns: TTurn[] }) => {
  const result = equivalent(a, b, tracecat);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
};

const setsOf = (turns: TTurn[]) => {
  const result = replay(turns, tracecat);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return activeSets(result.value);
};

describe("properties", () => {
  it("every scaffolded history of every condition replays to C* and satisfies its structure", () => {
    fc.assert(
      fc.property(scaffoldInputs, (input) => {
        const family = familyOf(input);
        for (const condition of CONDITIONS) {
          const history = family[condition];
          expect(checkStructure(history, input.atoms, family).ok).toBe(true);
          const contract = endsAtContract(history, input.atoms);
          expect(contract.ok && contract.value.atContract).toBe(true);
        }
      }),
    );
  });

  it("equivalence is reflexive and symmetric", () => {
    fc.assert(
      fc.property(histories, histories, (a, b) => {
        expect(verdict(a, a).equivalent).toBe(true);
        const ab = verdict(a, b);
        const ba = verdict(b, a);
        expect(ba).toEqual({ equivalent: ab.equivalent, onlyInA: ab.onlyInB, onlyInB: ab.onlyInA });
      }),
    );
  });

  it("equivalence is transitive", () => {
    fc.assert(
      fc.property(histories, histories, histories, (a, b, c) => {
        if (verdict(a, b).equivalent && verdict(b, c).equivalent) expect(verdict(a, c).equivalent).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("permuting the turns of a restatement-only suffix never changes the result", () => {
    const suffixed = fc
      .record({ prefix: fc.array(turnChoices, { minLength: 1, maxLength: 5 }), suffix: fc.array(fc.array(fc.nat(7), { maxLength: 3 }), { minLength: 2, maxLength: 5 }) })
      .chain(({ prefix, suffix }) => {
        const head = traceFrom(prefix, tracecat);
        const active = setsOf(head).at(-1)!;
        const tail = suffix.map((picks) => ({
          text: "again",
          activated: [],
          deactivated: [],
          restated: active.length === 0 ? [] : [...new Set(picks.map((n) => active[n % active.length]!))],
        }));
        return fc.record({ head: fc.constant(head), tail: fc.constant(tail), permuted: fc.shuffledSubarray(tail, { minLength: tail.length }) });
      });
    fc.assert(
      fc.property(suffixed, ({ head, tail, permuted }) => {
        expect(setsOf([...head, ...permuted])).toEqual(setsOf([...head, ...tail]));
        expect(verdict({ turns: [...head, ...permuted] }, { turns: [...head, ...tail] }).equivalent).toBe(true);
      }),
    );
  });

  it("inserting no-op turns never changes the result", () => {
    const withNoOps = histories.chain((h) =>
      fc.record({ h: fc.constant(h), at: fc.array(fc.nat(h.turns.length), { minLength: 1, maxLength: 4 }) }),
    );
    fc.assert(
      fc.property(withNoOps, ({ h, at }) => {
        const turns = [...h.turns];
        const inserted = [...at].sort((x, y) => y - x);
        for (const i of inserted) turns.splice(i, 0, { text: "ok", activated: [], deactivated: [], restated: [] });
        const padded = setsOf(turns);
        const withoutNoOps = padded.filter((_, t) => t === 0 || turns[t - 1]!.text !== "ok");
        expect(withoutNoOps).toEqual(setsOf(h.turns));
        expect(verdict({ turns }, h).equivalent).toBe(true);
      }),
    );
  });

  it("detects every random single-event mutation of a scaffolded history", () => {
    const cases = fc.record({ input: scaffoldInputs, condition: fc.constantFrom(...CONDITIONS), pick: fc.nat() });
    fc.assert(
      fc.property(cases, ({ input, condition, pick }) => {
        const family = familyOf(input);
        const mutations = mutationsOf(family[condition], input.atoms);
        const mutated = mutations[pick % mutations.length]!();
        const structure = checkStructure(mutated, input.atoms, family);
        const contract = endsAtContract(mutated, input.atoms);
        expect(!structure.ok || (contract.ok && !contract.value.atContract)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

/**
 * Single-event edits that change what a history says: drop an activation or a
 * deactivation, add an activation or a deactivation, restate an inactive atom.
 * Fixed atoms are exempt from added/dropped activations, since P is in C*
 * whether or not a history states it; restating an already active atom is a
 * legitimate duplicate and not a mutation.
 */
function mutationsOf(history: THistory, catalog: TCatalog): (() => THistory)[] {
  const result = replay(history.turns, catalog);
  if (!result.ok) throw new Error("scaffold does not replay");
  const before = activeSets(result.value);
  const fixed = new Set(catalog.filter((a) => a.role === "fixed").map((a) => a.key));
  const edit = (i: number, change: (turn: TTurn) => TTurn) => () => ({
    ...history,
    turns: history.turns.map((turn, j) => (j === i ? change(turn) : turn)),
  });
  const out: (() => THistory)[] = [];
  history.turns.forEach((turn, i) => {
    for (const key of turn.activated) {
      if (!fixed.has(key)) out.push(edit(i, (x) => ({ ...x, activated: x.activated.filter((k) => k !== key) })));
    }
    for (const key of turn.deactivated) out.push(edit(i, (x) => ({ ...x, deactivated: x.deactivated.filter((k) => k !== key) })));
    for (const { key } of catalog) {
      if (!fixed.has(key) && !turn.activated.includes(key)) out.push(edit(i, (x) => ({ ...x, activated: [...x.activated, key] })));
      if (!turn.deactivated.includes(key)) out.push(edit(i, (x) => ({ ...x, deactivated: [...x.deactivated, key] })));
      const inactive = !before[i]!.includes(key) || turn.deactivated.includes(key);
      if (inactive && !turn.restated.includes(key)) out.push(edit(i, (x) => ({ ...x, restated: [...x.restated, key] })));
    }
  });
  return out;
}
