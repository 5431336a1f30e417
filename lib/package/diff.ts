// Pure: two package versions compared field by field — atoms, histories turn by turn
// (visible text and hidden events), verifier, patches, protocol and provenance.
import type { TPackage } from "./types";

export type TPackageChange = {
  section: "provenance" | "atoms" | "candidates" | "verifier" | "protocol" | "patches" | "histories";
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
  compareFields(out, "verifier", "", a.verifier, b.verifier);
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
