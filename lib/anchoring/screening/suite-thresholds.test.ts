import { describe, expect, it } from "vitest";
import { resolveThresholds } from "./screen-candidate";
import { thresholdsFromSettings } from "./suite-thresholds";

describe("thresholdsFromSettings", () => {
  it("reads the automatic gate's thresholds at the top level or under autoGate", () => {
    expect(thresholdsFromSettings({ maxFiles: 10 })).toMatchObject({ maxFiles: 10, maxChangedLines: 1500 });
    expect(thresholdsFromSettings({ autoGate: { maxChangedLines: 300, generatedPatterns: ["*.gen.ts"] } }))
      .toMatchObject({ maxFiles: 40, maxChangedLines: 300, generatedPatterns: ["*.gen.ts"] });
  });

  it("falls back to the default for a setting that does not parse", () => {
    expect(thresholdsFromSettings({ maxFiles: -3, generatedShareMax: 0.2 })).toEqual({ ...resolveThresholds({}), generatedShareMax: 0.2 });
    expect(thresholdsFromSettings(null)).toEqual(resolveThresholds({}));
  });
});
