// Pure: which waiver resolves a dependency in a history — the lead's waiver for that
// history, else the one for every history of the family.
export type TWaiverRow = { dependencyKey: string; historyId: string; rationale: string; createdById: string; createdAt: Date };

/**
 * Whether a waiver's key covers a dependency's key: the same key, or — for a waiver given before
 * a keyword or option was keyed per function (`…:ambiguous_width`, analyzer 9 made it
 * `…:ambiguous_width@wrap`) — that option of any function, as the lead waived it then.
 */
const covers = (waived: string, key: string) =>
  waived === key || (key.startsWith(`${waived}@`) && !key.slice(waived.length + 1).includes(":"));

/** The waiver of `key` in `historyId` (null: a finding of no history, such as an unread file). */
export function waiverFor<T extends TWaiverRow>(waivers: readonly T[], key: string, historyId: string | null): T | null {
  const exact = (w: T) => w.dependencyKey === key;
  const legacy = (w: T) => covers(w.dependencyKey, key);
  const inHistory = (match: (w: T) => boolean) => (historyId ? waivers.find((w) => match(w) && w.historyId === historyId) : undefined);
  const everywhere = (match: (w: T) => boolean) => waivers.find((w) => match(w) && w.historyId === "");
  return inHistory(exact) ?? everywhere(exact) ?? inHistory(legacy) ?? everywhere(legacy) ?? null;
}
