"use client";
import { useState, type FormEvent } from "react";
import { api } from "@/lib/http/api-client";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import { useFamilyMutation } from "@/components/ui/use-family-mutation";
import type { Evidence } from "../types";
import { Form } from "@/components/ui/form";

/**
 * The upstream identity exports name (SWE-bench `repo`, Harbor `metadata.repo`): `owner/name`,
 * inferred at admission from the clone URL or the local clone's remotes. Required before freeze.
 */
export function UpstreamField({ familyId, family, canEdit }: { familyId: string; family: Evidence["family"]; canEdit: boolean }) {
  const [value, setValue] = useState(family.upstreamRepo ?? "");
  const [pr, setPr] = useState(family.prNumber ? String(family.prNumber) : "");
  const save = useFamilyMutation(familyId, (body: { version: number; upstreamRepo: string; prNumber: number | null }) =>
    api(`/api/families/${familyId}/upstream`, { method: "PATCH", body }),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ version: family.version, upstreamRepo: value.trim(), prNumber: pr.trim() ? Number(pr) : null });
  };
  return (
    <Form className="panel row" style={{ gap: 8, alignItems: "center", flexWrap: "wrap" }} onSubmit={submit} aria-label="Upstream repository">
      <label>
        Upstream repository{" "}
        <input value={value} onChange={(e) => setValue(e.target.value)} placeholder="owner/name" disabled={!canEdit} aria-describedby="upstream-help" />
      </label>
      <label>
        PR <input value={pr} onChange={(e) => setPr(e.target.value)} inputMode="numeric" size={6} disabled={!canEdit} />
      </label>
      {canEdit && <button type="submit" disabled={save.isPending}>Save</button>}
      <span id="upstream-help" className="muted">
        {family.upstreamRepo ? "Exports name it as repo; never a local path." : "Not known yet: set it before freezing (exports name it as repo)."}
        {family.mergedAt ? ` Merged ${family.mergedAt.slice(0, 10)}.` : ""}
      </span>
      {save.error && <ApiErrorNotice error={save.error} field="upstreamRepo" />}
    </Form>
  );
}
