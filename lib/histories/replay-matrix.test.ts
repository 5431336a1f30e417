import { describe, expect, it } from "vitest";
import { buildReplayMatrix, type TMatrixRun } from "./replay-matrix";

const probeIds = ["p1", "p2"];
const revisions = (["direct", "duplicate", "split", "override", "cancellation"] as const).map((condition, i) => ({ condition, revisionId: `r-${condition}`, number: i + 1, updatedAt: "2026-01-01T00:00:00.000Z" }));
let n = 0;
const run = (patchId: string | null, condition: string, signature: number[], status = "passed", ids = probeIds, createdAt = "2026-01-02T00:00:00.000Z"): TMatrixRun => ({
  id: `run-${++n}`, patchId, historyRevisionId: `r-${condition}`, status, signature, probeIds: ids, createdAt,
});
const patches = [{ id: "g", name: "gold", kind: "gold" }, { id: "n1", name: "neg", kind: "negative" }, { id: "alt", name: "alt", kind: "alternative" }];

describe("replay matrix", () => {
  it("has a row per fixed patch and a column per core history", () => {
    const m = buildReplayMatrix({ patches, revisions, runs: [], probeIds });
    expect(m.rows.map((r) => r.label)).toEqual(["base", "gold gold", "negative neg"]);
    expect(m.columns.map((c) => c.condition)).toEqual(["direct", "duplicate", "split", "override", "cancellation"]);
    expect(m.rows.every((r) => r.equal === null)).toBe(true);
  });

  it("calls a row equal only when every core history gave the same signature", () => {
    const runs = revisions.map((r) => run("g", r.condition, [1, 1]));
    const m = buildReplayMatrix({ patches, revisions, runs, probeIds });
    expect(m.rows[1]!.equal).toBe(true);
    expect(m.rows[1]!.cells.split?.signature).toBe("11");
    expect(m.counts.finished).toBe(5);
  });

  it("highlights the cell that differs, using the latest run of a cell", () => {
    const runs = [
      ...revisions.map((r) => run(null, r.condition, [0, 1], "failed")),
      run(null, "override", [0, 0], "failed"),
    ];
    const m = buildReplayMatrix({ patches, revisions, runs, probeIds });
    expect(m.rows[0]!.equal).toBe(false);
    expect(m.rows[0]!.cells.override?.agrees).toBe(false);
    expect(m.rows[0]!.cells.split?.agrees).toBe(true);
  });

  it("shows queued runs and ignores signatures over an older probe list", () => {
    const runs = [run("n1", "direct", [], "queued"), run("n1", "split", [1], "passed", ["p1"])];
    const m = buildReplayMatrix({ patches, revisions, runs, probeIds });
    expect(m.counts.queued).toBe(1);
    expect(m.rows[2]!.cells.direct?.status).toBe("queued");
    expect(m.rows[2]!.cells.split).toMatchObject({ stale: true, signature: null });
    expect(m.rows[2]!.equal).toBeNull();
  });

  it("leaves runs of content the family no longer has out of the cells, counting them as older", () => {
    const runs = [run("g", "direct", [1, 1]), { ...run("g", "direct", [0, 0]), current: false }, run("g", "split", [1, 1])];
    const m = buildReplayMatrix({ patches, revisions, runs, probeIds });
    expect(m.rows[1]!.cells.direct?.signature).toBe("11");
    expect(m.rows[1]!.cells.direct?.runId).toBe(runs[0]!.id);
    expect(m.older).toBe(1);
  });
});
