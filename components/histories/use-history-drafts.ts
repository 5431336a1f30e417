"use client";
// Unsaved edits per condition, laid over the server's latest revisions. Edits
// survive a new revision being opened (they then apply to the new draft).
import { useCallback, useEffect, useMemo, useState } from "react";
import { CONDITIONS, type TCondition, type THistory, type TTurn } from "@/lib/contract";
import { sameTurns } from "@/lib/histories/turn-ops";
import type { THistoriesDto } from "@/lib/schemas/histories";

export type THistoryDrafts = ReturnType<typeof useHistoryDrafts>;

export function useHistoryDrafts(data: THistoriesDto | undefined) {
  const [edits, setEdits] = useState<Partial<Record<TCondition, TTurn[]>>>({});
  const server = useMemo(() => new Map((data?.histories ?? []).map((h) => [h.condition, h])), [data]);

  const turnsOf = useCallback((c: TCondition): TTurn[] => edits[c] ?? server.get(c)?.revision.turns ?? [], [edits, server]);
  const isDirty = useCallback((c: TCondition) => edits[c] !== undefined && !sameTurns(edits[c], server.get(c)?.revision.turns ?? []), [edits, server]);

  const update = useCallback(
    (c: TCondition, change: (turns: TTurn[]) => TTurn[]) =>
      setEdits((prev) => ({ ...prev, [c]: change(prev[c] ?? server.get(c)?.revision.turns ?? []) })),
    [server],
  );
  const replace = useCallback((c: TCondition, turns: TTurn[]) => setEdits((prev) => ({ ...prev, [c]: turns })), []);
  const discard = useCallback((c: TCondition) => setEdits(({ [c]: _dropped, ...rest }) => rest as Partial<Record<TCondition, TTurn[]>>), []);
  /** After a save: drop the edits that were saved, keep anything typed while the save was on its way. */
  const settle = useCallback(
    (c: TCondition, saved: TTurn[]) =>
      setEdits((prev) => {
        if (!prev[c] || !sameTurns(prev[c], saved)) return prev;
        const { [c]: _saved, ...rest } = prev;
        return rest as Partial<Record<TCondition, TTurn[]>>;
      }),
    [],
  );

  /** The family's histories as the browser sees them now: saved revisions with unsaved edits on top. */
  const histories: THistory[] = useMemo(
    () => CONDITIONS.filter((c) => server.has(c)).map((condition) => ({ condition, turns: edits[condition] ?? server.get(condition)!.revision.turns })),
    [edits, server],
  );

  const anyDirty = CONDITIONS.some(isDirty);
  useEffect(() => {
    if (!anyDirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [anyDirty]);

  return { server, histories, turnsOf, isDirty, update, replace, discard, settle, anyDirty };
}
