"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import { queryKeys } from "@/components/query-keys";

type Queue = {
  workers: { id: string; host: string; pid: number; concurrency: number; running: number; lastSeenAt: string }[];
  waiting: number; running: number; counts: Record<string, number>;
  failedRecently: { id: string; kind: string; status: string; message: string | null; family: { id: string; title: string } }[];
};

export function QueueView() {
  const queue = useQuery({ queryKey: queryKeys.queue(), queryFn: () => api<Queue>("/api/queue"), refetchInterval: 2000 });
  if (queue.error) return <p className="error">{queue.error.message}</p>;
  const q = queue.data;
  return (
    <>
      <h1>Queue</h1>
      <div className="rail" style={{ gridTemplateColumns: "repeat(3, 1fr)" }}>
        <div className="step"><div className="n">Workers alive</div><div style={{ fontSize: 22 }} data-testid="workers-alive">{q?.workers.length ?? "…"}</div></div>
        <div className="step"><div className="n">Runs waiting</div><div style={{ fontSize: 22 }}>{q?.waiting ?? "…"}</div></div>
        <div className="step"><div className="n">Runs running</div><div style={{ fontSize: 22 }}>{q?.running ?? "…"}</div></div>
      </div>
      <h2>Workers</h2>
      <table>
        <thead><tr><th>Worker</th><th>Concurrency</th><th>Running</th><th>Last heartbeat</th></tr></thead>
        <tbody>
          {q?.workers.map((w) => (
            <tr key={w.id}><td className="mono">{w.id}</td><td>{w.concurrency}</td><td>{w.running}</td><td>{new Date(w.lastSeenAt).toLocaleTimeString()}</td></tr>
          ))}
        </tbody>
      </table>
      <h2>Recent runs that ended without a signature</h2>
      <table>
        <thead><tr><th>Family</th><th>Kind</th><th>Outcome</th><th>Message</th></tr></thead>
        <tbody>
          {q?.failedRecently.map((r) => (
            <tr key={r.id}><td><Link href={`/families/${r.family.id}/runs`}>{r.family.title}</Link></td><td>{r.kind}</td><td><span className="chip status-fail">{r.status}</span></td><td className="muted">{r.message}</td></tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
