// Issue 24's goals, printed beside the figure they bound: "(goal ≤ 1.1× — met)".
// A goal not met says so in the same line; the section's own rows say why.

export function goal(value: number, bound: number, unit: "×" | "ms" | "s"): string {
  const shown = unit === "×" ? `${bound}×` : `${bound} ${unit}`;
  return `(goal ≤ ${shown} — ${value <= bound ? "met" : "NOT met"})`;
}
