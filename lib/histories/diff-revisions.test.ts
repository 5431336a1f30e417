import { describe, expect, it } from "vitest";
import type { TTurn } from "@/lib/contract";
import { diffRevisions, diffWords } from "./diff-revisions";

const turn = (text: string, activated: string[] = [], deactivated: string[] = []): TTurn => ({ text, activated, deactivated, restated: [] });

describe("revision diff", () => {
  it("marks the words that changed and keeps the rest", () => {
    const ops = diffWords("Missing secrets return an empty string.", "Missing secrets raise an error.");
    expect(ops.filter((o) => o.op === "same").map((o) => o.text).join("")).toBe("Missing secrets an ");
    expect(ops.filter((o) => o.op === "removed").map((o) => o.text).join("")).toBe("return empty string.");
    expect(ops.filter((o) => o.op === "added").map((o) => o.text).join("")).toBe("raise error.");
  });

  it("compares turns by position with their event changes", () => {
    const before = [turn("Return an empty string.", ["A4"]), turn("Change of plan: raise.", ["A1"], ["A4"])];
    const after = [turn("Return an empty string.", ["A4"]), turn("Change of plan.", [], ["A4"]), turn("Raise.", ["A1"])];
    const diff = diffRevisions(before, after);
    expect(diff.map((d) => d.status)).toEqual(["same", "changed", "added"]);
    expect(diff[1]!.events).toEqual([{ kind: "activated", added: [], removed: ["A1"] }]);
    expect(diff[2]!.events).toEqual([{ kind: "activated", added: ["A1"], removed: [] }]);
    expect(diffRevisions(after, before)[2]!.status).toBe("removed");
  });
});
