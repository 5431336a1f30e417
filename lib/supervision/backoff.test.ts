import { describe, expect, it } from "vitest";
import { describeExit, MAX_FAST_RESTARTS, nextAttempt, restartDelayMs } from "./backoff";

describe("restart backoff", () => {
  it("doubles from half a second up to 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(restartDelayMs)).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it("starts over after a child ran stably, counts up after a fast crash", () => {
    expect(nextAttempt(5, 120_000)).toBe(1);
    expect(nextAttempt(5, 2_000)).toBe(6);
    expect(MAX_FAST_RESTARTS).toBeGreaterThan(3);
  });

  it("says how a child ended", () => {
    expect(describeExit(null, "SIGKILL")).toBe("killed by SIGKILL");
    expect(describeExit(1, null)).toBe("exit code 1");
  });
});
