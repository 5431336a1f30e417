import { describe, expect, it } from "vitest";
import type { TTurn } from "@/lib/contract";
import { addEvent, addTurn, deleteTurn, emptyTurn, mergeWithNext, moveTurn, removeEvent, sameTurns, setText, splitTurn } from "./turn-ops";

const turn = (text: string, activated: string[] = []): TTurn => ({ text, activated, deactivated: [], restated: [] });
const texts = (turns: TTurn[]) => turns.map((t) => t.text);

describe("turn operations", () => {
  const three = [turn("one", ["A1"]), turn("two"), turn("three", ["A2"])];

  it("adds an empty turn after a position, or first", () => {
    expect(texts(addTurn(three, 0))).toEqual(["one", "", "two", "three"]);
    expect(texts(addTurn(three, -1))).toEqual(["", "one", "two", "three"]);
    expect(texts(addTurn([], 5))).toEqual([""]);
  });

  it("deletes and moves turns with their events, clamped to the list", () => {
    expect(texts(deleteTurn(three, 1))).toEqual(["one", "three"]);
    const moved = moveTurn(three, 2, -1);
    expect(texts(moved)).toEqual(["one", "three", "two"]);
    expect(moved[1]!.activated).toEqual(["A2"]);
    expect(texts(moveTurn(three, 0, -1))).toEqual(["one", "two", "three"]);
    expect(texts(moveTurn(three, 9, 1))).toEqual(["one", "two", "three"]);
  });

  it("splits at the cursor, keeping the events on the first part", () => {
    const split = splitTurn([turn("Raise on missing. Return null if optional.", ["A1", "A2"])], 0, 17);
    expect(texts(split)).toEqual(["Raise on missing.", "Return null if optional."]);
    expect(split[0]!.activated).toEqual(["A1", "A2"]);
    expect(split[1]).toEqual(emptyTurn("Return null if optional."));
  });

  it("merges with the next turn, uniting events", () => {
    const merged = mergeWithNext(three, 1);
    expect(texts(merged)).toEqual(["one", "two\n\nthree"]);
    expect(merged[1]!.activated).toEqual(["A2"]);
    expect(mergeWithNext(three, 2)).toEqual(three);
  });

  it("edits text and events without touching other turns", () => {
    expect(texts(setText(three, 1, "TWO"))).toEqual(["one", "TWO", "three"]);
    const added = addEvent(three, 0, "activated", "A10");
    expect(added[0]!.activated).toEqual(["A1", "A10"]);
    expect(addEvent(added, 0, "activated", "A1")[0]!.activated).toEqual(["A1", "A10"]);
    expect(removeEvent(added, 0, "activated", "A1")[0]!.activated).toEqual(["A10"]);
    expect(three[0]!.activated).toEqual(["A1"]);
  });

  it("compares histories by text and events", () => {
    expect(sameTurns(three, structuredClone(three))).toBe(true);
    expect(sameTurns(three, addEvent(three, 1, "restated", "A1"))).toBe(false);
    expect(sameTurns(three, setText(three, 2, "3"))).toBe(false);
  });
});
