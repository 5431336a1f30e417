// The editor's keyboard moves, in one table: the handler and the help panel read the same list.
import type { KeyboardEvent as ReactKeyboardEvent } from "react";

type TKeyEvent = KeyboardEvent | ReactKeyboardEvent;

export type TShortcutAction = "save" | "addBelow" | "split" | "mergeNext" | "delete" | "moveUp" | "moveDown";

type TShortcut = { action: TShortcutAction; keys: string[]; label: string; matches: (e: TKeyEvent) => boolean };

const mod = (e: TKeyEvent) => e.ctrlKey || e.metaKey;

export const SHORTCUTS: readonly TShortcut[] = [
  { action: "save", keys: ["Ctrl", "S"], label: "Save this history", matches: (e) => mod(e) && !e.altKey && e.key.toLowerCase() === "s" },
  { action: "addBelow", keys: ["Alt", "Enter"], label: "New turn below", matches: (e) => e.altKey && !e.shiftKey && !mod(e) && e.key === "Enter" },
  { action: "split", keys: ["Alt", "Shift", "Enter"], label: "Split the turn at the cursor", matches: (e) => e.altKey && e.shiftKey && !mod(e) && e.key === "Enter" },
  { action: "mergeNext", keys: ["Alt", "Shift", "J"], label: "Merge with the next turn", matches: (e) => e.altKey && e.shiftKey && e.code === "KeyJ" },
  { action: "delete", keys: ["Alt", "Shift", "Backspace"], label: "Delete the turn", matches: (e) => e.altKey && e.shiftKey && e.key === "Backspace" },
  { action: "moveUp", keys: ["Alt", "↑"], label: "Move the turn up", matches: (e) => e.altKey && !e.shiftKey && e.key === "ArrowUp" },
  { action: "moveDown", keys: ["Alt", "↓"], label: "Move the turn down", matches: (e) => e.altKey && !e.shiftKey && e.key === "ArrowDown" },
];

export function shortcutFor(e: TKeyEvent): TShortcutAction | null {
  return SHORTCUTS.find((s) => s.matches(e))?.action ?? null;
}
