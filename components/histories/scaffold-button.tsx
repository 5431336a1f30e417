"use client";
// Fills empty conditions from the contract engine. Text a curator already wrote
// is replaced only after an explicit confirmation naming the histories.
import { useState } from "react";
import type { TCondition } from "@/lib/contract";
import type { TScaffoldResultDto } from "@/lib/schemas/histories";
import { useScaffold } from "./use-histories";
import styles from "./histories.module.css";
import { ErrorText } from "@/components/ui/error-text";

export function ScaffoldButton({ familyId, unsaved }: { familyId: string; unsaved: boolean }) {
  const scaffold = useScaffold(familyId);
  const [result, setResult] = useState<TScaffoldResultDto | null>(null);
  const toConfirm = result?.skipped.filter((s) => s.needsConfirmation).map((s) => s.condition) ?? [];
  const run = (body: { conditions?: TCondition[]; overwrite?: boolean }) => scaffold.mutate(body, { onSuccess: setResult });

  return (
    <>
      <button
        type="button"
        onClick={() => run({})}
        disabled={scaffold.isPending || unsaved}
        title={unsaved ? "Save or discard your changes first." : "Draft traces and text for every empty condition (the configured model writes the text when there is one)."}
      >
        {scaffold.isPending ? "Scaffolding…" : "Scaffold"}
      </button>
      <ErrorText error={scaffold.error} alert />
      {result && (
        <div className={`${styles.banner} ${styles.info}`} role="status" data-testid="scaffold-result" style={{ width: "100%" }}>
          {result.created.length + result.filled.length > 0
            ? `Scaffolded ${[...result.created, ...result.filled].join(", ")} with draft traces; ${result.drafter.kind === "model" ? `${result.drafter.model} wrote the text` : "the text is from templates"}: rewrite the [draft] text.`
            : "Nothing was scaffolded."}
          {result.kept.map((k) => (
            <div key={`${k.condition}-${k.turn}`} className="muted">{k.condition}{k.turn > 0 ? ` turn ${k.turn}` : ""}: {k.reason}</div>
          ))}
          {result.skipped.filter((s) => !s.needsConfirmation).map((s) => (
            <div key={s.condition} className="muted">{s.condition}: {s.reason}</div>
          ))}
          {toConfirm.length > 0 && (
            <div className="row">
              <span>{toConfirm.join(", ")} already {toConfirm.length === 1 ? "has" : "have"} text or events. Replace with drafts?</span>
              <button type="button" onClick={() => run({ conditions: toConfirm, overwrite: true })}>Overwrite {toConfirm.join(", ")}</button>
              <button type="button" onClick={() => setResult(null)}>Keep them</button>
            </div>
          )}
        </div>
      )}
    </>
  );
}
