// Pure: two package versions compared field by field — atoms, histories turn by turn
// (visible text and hidden events), verifier, guard tests one by one, patches, protocol and
// provenance — and the construction settings a version carries beside its package: the
// leak-lint and oracle waivers, the lead and the default reviewers.
import type { TPackage } from "./types";

export type TPackageChange = {
  section: "provenance" | "atoms" | "candidates" | "verifier" | "guards" | "protocol" | "patches" | "histories" | "waivers" | "defaults";
  /** Where, in the domain's words: "A2.statement", "split turn 3 text", "gold". */
  path: string;
  kind: "added" | "removed" | "changed";
  before: string | null;
  after: string | null;
};

const show = (v: unknown) => (v === undefined ? null : typeof v === "string" ? v : JSON.stringify(v));

function compareFields(out: TPackageChange[], section: TPackageChange["section"], prefix: string, a: Record<string, unknown>, b: Record<string, unknown>, skip: string[] = []) {
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    if (skip.includes(key)) continue;
    const before = show(a[key]);
    const after = show(b[key]);
    if (before !== after) out.push({ section, path: prefix ? `${prefix}.${key}` : key, kind: before === null ? "added" : after === null ? "removed" : "changed", before, after });
  }
}

function compareKeyed<T>(out: TPackageChange[], section: TPackageChange["section"], a: T[], b: T[], keyOf: (x: T) => string, fields: (prefix: string, x: T, y: T) => void) {
  const left = new Map(a.map((x) => [keyOf(x), x]));
  const right = new Map(b.map((x) => [keyOf(x), x]));
  for (const [key, x] of left) {
    const y = right.get(key);
    if (!y) out.push({ section, path: key, kind: "removed", before: show(x), after: null });
    else fields(key, x, y);
  }
  for (const [key, y] of right) if (!left.has(key)) out.push({ section, path: key, kind: "added", before: null, after: show(y) });
}

export function diffPackages(a: TPackage, b: TPackage): TPackageChange[] {
  const out: TPackageChange[] = [];
  compareFields(out, "provenance", "", a.provenance, b.provenance);
  compareKeyed(out, "atoms", a.contract.atoms, b.contract.atoms, (x) => x.key, (k, x, y) => compareFields(out, "atoms", k, x, y));
  compareKeyed(out, "candidates", a.contract.candidates, b.contract.candidates, (x) => x.key, (k, x, y) => compareFields(out, "candidates", k, x, y));
  compareFields(out, "verifier", "", a.verifier, b.verifier, ["guardTests"]);
  // Guards one by one: a real suite has thousands, and one JSON list hides which changed.
  const guardsBefore = new Set(a.verifier.guardTests);
  const guardsAfter = new Set(b.verifier.guardTests);
  for (const id of a.verifier.guardTests) if (!guardsAfter.has(id)) out.push({ section: "guards", path: id, kind: "removed", before: "guard", after: null });
  for (const id of b.verifier.guardTests) if (!guardsBefore.has(id)) out.push({ section: "guards", path: id, kind: "added", before: null, after: "guard" });
  compareFields(out, "protocol", "", a.protocol, b.protocol);
  compareKeyed(out, "patches", a.patches, b.patches, (x) => x.name, (k, x, y) => compareFields(out, "patches", k, x, y));
  const traceOf = (p: TPackage, condition: string) => p.traces.find((t) => t.condition === condition);
  compareKeyed(out, "histories", a.histories, b.histories, (x) => x.condition, (condition, x, y) => {
    const tx = traceOf(a, condition)?.turns ?? [];
    const ty = traceOf(b, condition)?.turns ?? [];
    const n = Math.max(x.turns.length, y.turns.length);
    for (let i = 0; i < n; i += 1) {
      const at = `${condition} turn ${i + 1}`;
      const before = x.turns[i];
      const after = y.turns[i];
      if (!before || !after) {
        out.push({ section: "histories", path: at, kind: before ? "removed" : "added", before: before?.text ?? null, after: after?.text ?? null });
        continue;
      }
      if (before.text !== after.text) out.push({ section: "histories", path: `${at} text`, kind: "changed", before: before.text, after: after.text });
      const { index: _a, ...eventsBefore } = tx[i] ?? { index: i };
      const { index: _b, ...eventsAfter } = ty[i] ?? { index: i };
      compareFields(out, "histories", `${at} events`, eventsBefore, eventsAfter);
    }
  });
  return out;
}

/** What a version carries beside its package: decided once, copied into the next version. */
export type TVersionSettings = {
  lead: string | null;
  defaultReviewers: string[];
  /** Leak-lint hits waived on each history's current revision. */
  leakWaivers: { condition: string; turn: number; kind: string; match: string; reason: string }[];
  /** Specification–oracle dependencies waived by a lead ("every history" or one condition). */
  oracleWaivers: { name: string; history: string; rationale: string }[];
};

export function diffSettings(a: TVersionSettings, b: TVersionSettings): TPackageChange[] {
  const out: TPackageChange[] = [];
  if ((a.lead ?? null) !== (b.lead ?? null)) out.push({ section: "defaults", path: "lead", kind: a.lead === null ? "added" : b.lead === null ? "removed" : "changed", before: a.lead, after: b.lead });
  const reviewersBefore = [...a.defaultReviewers].sort().join(", ");
  const reviewersAfter = [...b.defaultReviewers].sort().join(", ");
  if (reviewersBefore !== reviewersAfter) {
    out.push({ section: "defaults", path: "default reviewers", kind: !reviewersBefore ? "added" : !reviewersAfter ? "removed" : "changed", before: reviewersBefore || null, after: reviewersAfter || null });
  }
  compareKeyed(out, "waivers", a.leakWaivers, b.leakWaivers, (w) => `${w.condition} turn ${w.turn} ${w.kind} “${w.match}”`, (k, x, y) => {
    if (x.reason !== y.reason) out.push({ section: "waivers", path: `${k} reason`, kind: "changed", before: x.reason, after: y.reason });
  });
  compareKeyed(out, "waivers", a.oracleWaivers, b.oracleWaivers, (w) => `oracle ${w.name} (${w.history})`, (k, x, y) => {
    if (x.rationale !== y.rationale) out.push({ section: "waivers", path: `${k} rationale`, kind: "changed", before: x.rationale, after: y.rationale });
  });
  // A waiver reads as its reason, not as a JSON record.
  return out.map((c) => (c.section === "waivers" && !c.path.endsWith("reason") && !c.path.endsWith("rationale") ? { ...c, before: c.before === null ? null : reasonOf(c.before), after: c.after === null ? null : reasonOf(c.after) } : c));
}

function reasonOf(json: string): string {
  try {
    const w = JSON.parse(json) as { reason?: string; rationale?: string };
    return w.reason ?? w.rationale ?? json;
  } catch {
    return json;
  }
}
