import { describe, expect, it } from "vitest";
import { compareMatrixRows } from "./matrix-order";

const row = (patchRole: string, patchName: string, extra: { targetAtom?: string; repeat?: number } = {}) => ({
  patchRole, patchName, targetAtom: extra.targetAtom ?? null, repeat: extra.repeat ?? 0, createdAt: "2026-12-01T00:00:00.000Z",
});

describe("signature matrix order", () => {
  it("puts gold #1…#3 first, then base, negatives by target atom, alternatives", () => {
    const rows = [
      row("alternative", "alt-a"),
      row("negative", "zz-first-atom", { targetAtom: "A2" }),
      row("gold", "gold", { repeat: 2 }),
      row("negative", "aa-second", { targetAtom: "A10" }),
      row("base", "base"),
      row("gold", "gold", { repeat: 0 }),
      row("negative", "mm", { targetAtom: "A1" }),
      row("gold", "gold", { repeat: 1 }),
    ];
    expect(rows.sort(compareMatrixRows).map((r) => `${r.patchRole}:${r.patchName}:${r.targetAtom ?? r.repeat}`)).toEqual([
      "gold:gold:0", "gold:gold:1", "gold:gold:2", "base:base:0", "negative:mm:A1", "negative:zz-first-atom:A2", "negative:aa-second:A10", "alternative:alt-a:0",
    ]);
  });
});

describe("probe columns at 20+ probes", () => {
  const probes = Array.from({ length: 24 }, (_, i) => ({ id: `p${i}` }));
  const fails = (id: string) => id === "p21" || id === "p3";
  it("keeps verifier order, puts failing columns first, or shows only them", async () => {
    const { orderProbeColumns } = await import("./matrix-order");
    expect(orderProbeColumns(probes, fails, "verifier").map((p) => p.id).slice(0, 2)).toEqual(["p0", "p1"]);
    expect(orderProbeColumns(probes, fails, "failing_first").map((p) => p.id).slice(0, 3)).toEqual(["p3", "p21", "p0"]);
    expect(orderProbeColumns(probes, fails, "failing_only").map((p) => p.id)).toEqual(["p3", "p21"]);
  });
});
