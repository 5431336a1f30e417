"use client";
import { queryKeys } from "@/components/query-keys";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import type { TPackageView } from "@/lib/package/get-package-view";
import { FreezePanel } from "./freeze-panel";
import { FrozenPanel } from "./frozen-panel";
import { VersionDiff } from "./version-diff";

/** The family's package: the freeze confirmation before, the frozen package after. */
export function PackageView({ familyId, isLead }: { familyId: string; isLead: boolean }) {
  const view = useQuery({ queryKey: queryKeys.package(familyId), queryFn: () => api<TPackageView>(`/api/families/${familyId}/package`) });
  if (view.error) return <p className="error">{view.error.message}</p>;
  if (!view.data) return <p className="muted">Loading…</p>;
  const data = view.data;
  return (
    <>
      {data.previous && <p className="muted">Version {data.version}, opened from the frozen package <span className="mono">{data.previous.hash.slice(0, 16)}…</span> (<a href={`/families/${data.previous.familyId}/package`}>version {data.version - 1}</a>).</p>}
      {data.next && <p className="muted">Version {data.next.familyVersion} is open: <a href={`/families/${data.next.id}/package`}>go to it</a>.</p>}
      {data.frozen ? <FrozenPanel familyId={familyId} view={data} isLead={isLead} /> : <FreezePanel familyId={familyId} preview={data.preview} isLead={isLead} />}
      {data.frozen && data.previous && <VersionDiff from={data.previous.hash} to={data.package.hash} />}
    </>
  );
}
