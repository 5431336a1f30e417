"use client";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import { StageRail } from "./stage-rail";

type Family = {
  id: string; title: string; repo: string; prNumber: number | null; baseCommit: string; mergeCommit: string; stage: string;
  suite: { id: string; name: string }; lead: { name: string } | null; curators: { id: string; name: string }[];
  counts: { atoms: number; probes: number; patches: number; histories: number; runs: number };
};

export function FamilyOverview({ familyId }: { familyId: string }) {
  const family = useQuery({ queryKey: ["family", familyId], queryFn: () => api<Family>(`/api/families/${familyId}`) });
  if (family.isPending) return <p className="muted">Loading…</p>;
  if (family.error) return <p className="error">{family.error.message}</p>;
  const f = family.data;
  return (
    <>
      <StageRail stage={f.stage} />
      <div className="panel">
        <table>
          <tbody>
            <tr><th>Repository</th><td className="mono">{f.repo}{f.prNumber ? ` #${f.prNumber}` : ""}</td></tr>
            <tr><th>Base commit</th><td className="mono">{f.baseCommit}</td></tr>
            <tr><th>Merge commit</th><td className="mono">{f.mergeCommit}</td></tr>
            <tr><th>Lead</th><td>{f.lead?.name ?? "—"}</td></tr>
            <tr><th>Curators</th><td>{f.curators.map((c) => c.name).join(", ") || "—"}</td></tr>
            <tr><th>Contents</th><td>{f.counts.atoms} atoms · {f.counts.probes} probes · {f.counts.patches} patches · {f.counts.histories} histories · {f.counts.runs} runs</td></tr>
          </tbody>
        </table>
      </div>
    </>
  );
}
