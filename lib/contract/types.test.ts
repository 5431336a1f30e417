import { describe, expect, it } from "vitest";
import { tracecat, tracecatHistories } from "./test-fixtures";
import { ZCatalogSchema, ZHistorySchema, ZTraceSchema } from "./types";

describe("serialized forms", () => {
  it("round-trips a catalog and a history through JSON", () => {
    expect(ZCatalogSchema.parse(JSON.parse(JSON.stringify(tracecat)))).toEqual(tracecat);
    expect(ZHistorySchema.parse(JSON.parse(JSON.stringify(tracecatHistories.override)))).toEqual(tracecatHistories.override);
  });

  it("names the field of a malformed atom key, condition or polarity", () => {
    const trace = ZTraceSchema.safeParse([{ activated: ["a1"], deactivated: [], restated: [] }]);
    expect(!trace.success && trace.error.issues[0]).toMatchObject({ path: [0, "activated", 0], message: "an atom key looks like A1, A2, …" });
    expect(ZHistorySchema.safeParse({ condition: "paraphrase", turns: [] }).success).toBe(false);
    const atom = ZCatalogSchema.safeParse([{ ...tracecat[0]!, polarity: "maybe" }]);
    expect(!atom.success && atom.error.issues[0]!.path).toEqual([0, "polarity"]);
  });
});
