// Pure: the order of the signature matrix's rows (issue 12 item 14) — gold #1…#3,
// base, negatives by the atom they target, alternatives, then anything else.
import { compareAtomKeys } from "@/lib/contract/catalog";

type TOrderable = { patchRole: string | null; patchName: string | null; targetAtom: string | null; repeat: number; createdAt: string };

const ROLE_ORDER: Record<string, number> = { gold: 0, base: 1, negative: 2, alternative: 3 };

export function compareMatrixRows(a: TOrderable, b: TOrderable): number {
  const role = (ROLE_ORDER[a.patchRole ?? ""] ?? 9) - (ROLE_ORDER[b.patchRole ?? ""] ?? 9);
  if (role !== 0) return role;
  if (a.patchRole === "negative") {
    const byAtom = a.targetAtom && b.targetAtom ? compareAtomKeys(a.targetAtom, b.targetAtom) : a.targetAtom ? -1 : b.targetAtom ? 1 : 0;
    if (byAtom !== 0) return byAtom;
  }
  const name = (a.patchName ?? "").localeCompare(b.patchName ?? "");
  if (name !== 0) return name;
  return a.repeat - b.repeat || a.createdAt.localeCompare(b.createdAt);
}

export type TColumnMode = "verifier" | "failing_first" | "failing_only";

/**
 * The matrix's probe columns (issue 23 item 10): in verifier order, with every column
 * some run fails first, or only those; at 20+ probes the failures would sit off-screen.
 */
export function orderProbeColumns<P extends { id: string }>(probes: readonly P[], failsIn: (probeId: string) => boolean, mode: TColumnMode): P[] {
  if (mode === "verifier") return [...probes];
  const failing = probes.filter((p) => failsIn(p.id));
  return mode === "failing_only" ? failing : [...failing, ...probes.filter((p) => !failsIn(p.id))];
}
