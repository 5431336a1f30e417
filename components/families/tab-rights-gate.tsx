"use client";
import type { ReactNode } from "react";
import { ErrorText } from "@/components/ui/error-text";
import { useTabRights } from "./use-tab-rights";

type TRights = Extract<ReturnType<typeof useTabRights>, { ready: true }>;

/** Renders a tab once its viewer's rights are known (a loading line before, the error if one fails). */
export function WithTabRights({ familyId, children }: { familyId: string; children: (rights: TRights) => ReactNode }) {
  const rights = useTabRights(familyId);
  if (!rights.ready) return rights.error ? <ErrorText error={rights.error} /> : <p className="muted">Loading…</p>;
  return <>{children(rights)}</>;
}
