"use client";
// The leak-lint warnings of one turn. A warning fails the path gate until the text
// changes or a curator waives that one hit with a reason (issue 12 item 6).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TCondition } from "@/lib/contract";
import { api } from "@/lib/http/api-client";
import type { TLeakWarning } from "@/lib/histories/leak-lint";
import type { TLeakWaiverDto } from "@/lib/schemas/histories";
import { queryKeys } from "@/components/query-keys";
import styles from "./histories.module.css";
import { Form } from "@/components/ui/form";
import { refreshQueries } from "@/components/ui/refresh-queries";

export type TLeakWaiverContext = { familyId: string; condition: TCondition; number: number; waivers: TLeakWaiverDto[]; canWaive: boolean; dirty: boolean };

export function LeakWarnings({ leaks, context }: { leaks: TLeakWarning[]; context?: TLeakWaiverContext }) {
  return <>{leaks.map((w) => <LeakWarning key={`${w.kind}:${w.match}`} warning={w} context={context} />)}</>;
}

function LeakWarning({ warning, context }: { warning: TLeakWarning; context?: TLeakWaiverContext }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const client = useQueryClient();
  const waive = useMutation({
    mutationFn: () =>
      api(`/api/families/${context!.familyId}/histories/${context!.condition}/revisions/${context!.number}/leak-waivers`, {
        body: { turn: warning.turn, kind: warning.kind, match: warning.match, reason },
      }),
    onSuccess: () => {
      setOpen(false);
      void refreshQueries(client, { queryKey: queryKeys.histories(context!.familyId) });
      void refreshQueries(client, { queryKey: queryKeys.gates(context!.familyId) });
    },
  });
  const waiver = context?.waivers.find((w) => w.turn === warning.turn && w.kind === warning.kind && w.match === warning.match);
  if (waiver) {
    return <p className="muted" data-leak={warning.match} data-waived="true">⚠ {warning.message} Waived: {waiver.reason}</p>;
  }
  return (
    <div className={styles.warning} data-leak={warning.match}>
      ⚠ {warning.message}{" "}
      {context?.canWaive && !open && (
        <button type="button" onClick={() => setOpen(true)} disabled={context.dirty} title={context.dirty ? "Save first: a waiver is for the saved text" : undefined}>
          Not a leak…
        </button>
      )}
      {open && (
        <Form aria-label={`Waive "${warning.match}" in turn ${warning.turn}`} onSubmit={(e) => { e.preventDefault(); waive.mutate(); }}>
          <label>Why is this not a leak? <input value={reason} onChange={(e) => setReason(e.target.value)} /></label>{" "}
          <button type="submit" disabled={reason.trim().length < 3 || waive.isPending}>Waive this hit</button>{" "}
          <button type="button" onClick={() => setOpen(false)}>Cancel</button>
          {waive.error && <span className="error" role="alert"> {waive.error.message}</span>}
        </Form>
      )}
    </div>
  );
}
