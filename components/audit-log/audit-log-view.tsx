"use client";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "@/lib/http/api-client";
import { queryKeys } from "@/components/query-keys";

type Option = { id: string; title?: string; name?: string };
type Event = {
  id: string; action: string; entity: string; entityId: string; familyId: string | null; createdAt: string;
  before: unknown; after: unknown; actor: { name: string; email: string } | null;
};
type Page = { events: Event[]; nextCursor: string | null };

export function AuditLogView({ families, users, actions }: { families: Option[]; users: Option[]; actions: string[] }) {
  const [filters, setFilters] = useState({ familyId: "", actorId: "", action: "" });
  const events = useInfiniteQuery({
    queryKey: queryKeys.auditLog(filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v));
      if (pageParam) params.set("before", pageParam);
      return api<Page>(`/api/audit-log?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
  const set = (key: keyof typeof filters) => (e: React.ChangeEvent<HTMLSelectElement>) => setFilters({ ...filters, [key]: e.target.value });
  const rows = events.data?.pages.flatMap((p) => p.events) ?? [];

  return (
    <>
      <h1>Audit log</h1>
      <div className="panel row">
        <label>Family
          <select value={filters.familyId} onChange={set("familyId")} aria-label="Family">
            <option value="">All families</option>
            {families.map((f) => <option key={f.id} value={f.id}>{f.title}</option>)}
          </select>
        </label>
        <label>User
          <select value={filters.actorId} onChange={set("actorId")} aria-label="User">
            <option value="">All users</option>
            {users.map((u) => <option key={u.id} value={u.id}>{u.name}</option>)}
          </select>
        </label>
        <label>Action
          <select value={filters.action} onChange={set("action")} aria-label="Action">
            <option value="">All actions</option>
            {actions.map((a) => <option key={a} value={a}>{a}</option>)}
          </select>
        </label>
      </div>
      {events.error && <p className="error">{events.error.message}</p>}
      <table data-testid="audit-table">
        <thead><tr><th>When</th><th>Who</th><th>Action</th><th>Entity</th><th>Change</th></tr></thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id}>
              <td className="mono">{new Date(e.createdAt).toLocaleString()}</td>
              <td>{e.actor?.name ?? "system"}</td>
              <td><span className="chip">{e.action}</span></td>
              <td className="mono">{e.entity} {e.entityId.slice(0, 10)}</td>
              <td><details><summary className="muted">before / after</summary><pre className="mono">{JSON.stringify({ before: e.before, after: e.after }, null, 2)}</pre></details></td>
            </tr>
          ))}
          {!events.isPending && rows.length === 0 && <tr><td colSpan={5} className="muted">No events match these filters.</td></tr>}
        </tbody>
      </table>
      {events.hasNextPage && <button style={{ marginTop: 12 }} onClick={() => void events.fetchNextPage()}>Older events</button>}
    </>
  );
}
