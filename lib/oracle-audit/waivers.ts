// Pure: which waiver resolves a dependency in a history — the lead's waiver for that
// history, else the one for every history of the family.
export type TWaiverRow = { dependencyKey: string; historyId: string; rationale: string; createdById: string; createdAt: Date };

/** The waiver of `key` in `historyId` (null: a finding of no history, such as an unread file). */
export function waiverFor<T extends TWaiverRow>(waivers: readonly T[], key: string, historyId: string | null): T | null {
  return (historyId ? waivers.find((w) => w.dependencyKey === key && w.historyId === historyId) : undefined)
    ?? waivers.find((w) => w.dependencyKey === key && w.historyId === "") ?? null;
}
