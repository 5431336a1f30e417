"use client";
import Link from "next/link";
import { GATE_STEP_LABELS, GATE_STEPS } from "@/lib/anchoring/screening/screen-candidate";
import { CandidateActions } from "./candidate-actions";
import styles from "../anchoring.module.css";
import type { Candidate } from "../types";

export type CandidateFilter = { verdict: "all" | "kept" | "dropped"; stoppedAt: string; status: string; q: string };

export function CandidateFilters({ filter, onChange }: { filter: CandidateFilter; onChange: (next: CandidateFilter) => void }) {
  const set = (patch: Partial<CandidateFilter>) => onChange({ ...filter, ...patch });
  return (
    <div className="row" style={{ marginBottom: 10 }}>
      <label>Verdict
        <select value={filter.verdict} onChange={(e) => set({ verdict: e.target.value as CandidateFilter["verdict"] })}>
          <option value="all">all</option>
          <option value="kept">kept by the gate</option>
          <option value="dropped">dropped by the gate</option>
        </select>
      </label>
      <label>Left the funnel at
        <select value={filter.stoppedAt} onChange={(e) => set({ stoppedAt: e.target.value, verdict: e.target.value ? "dropped" : filter.verdict })}>
          <option value="">any step</option>
          {GATE_STEPS.filter((s) => s !== "found").map((step) => <option key={step} value={step}>{GATE_STEP_LABELS[step]}</option>)}
        </select>
      </label>
      <label>Status
        <select value={filter.status} onChange={(e) => set({ status: e.target.value })}>
          <option value="">any</option>
          <option value="screened">screened</option>
          <option value="admitted">admitted</option>
          <option value="rejected">rejected</option>
        </select>
      </label>
      <label style={{ flex: 1 }}>Search<input type="search" value={filter.q} placeholder="title, author, commit or #number" onChange={(e) => set({ q: e.target.value })} /></label>
    </div>
  );
}

export function CandidatesTable({ suiteId, candidates, canCurate }: { suiteId: string; candidates: Candidate[]; canCurate: boolean }) {
  return (
    <table data-testid="candidates">
      <thead>
        <tr><th>Change</th><th>Author</th><th>Size</th><th>Automatic gate</th><th>Status</th>{canCurate && <th />}</tr>
      </thead>
      <tbody>
        {candidates.map((c) => (
          <tr key={c.id} data-testid="candidate" data-kept={c.kept} data-status={c.status}>
            <td>
              <div>{c.title}</div>
              <div className="mono muted">{c.mergeCommit.slice(0, 10)}{c.prNumber ? ` · #${c.prNumber}` : ""}{c.mergedAt ? ` · ${c.mergedAt.slice(0, 10)}` : ""}</div>
            </td>
            <td>{c.author}{c.authorIsBot && <span className="chip" style={{ marginLeft: 4 }}>bot</span>}</td>
            <td className="mono">{c.fileCount} files<br />+{c.additions} −{c.deletions}</td>
            <td>
              {c.kept ? <span className="chip status-pass">kept</span> : (
                <ul className={styles.reasons} aria-label="Reasons">
                  {c.reasons.map((r, i) => <li key={i}><strong>{GATE_STEP_LABELS[r.step]}:</strong> {r.message}</li>)}
                </ul>
              )}
            </td>
            <td>
              {c.status === "admitted" && c.family ? <Link href={`/families/${c.family.id}`}>admitted</Link> : c.status}
              {c.statusReason && <div className="muted">{c.statusReason}</div>}
            </td>
            {canCurate && <td><CandidateActions suiteId={suiteId} candidate={c} /></td>}
          </tr>
        ))}
        {candidates.length === 0 && <tr><td colSpan={6} className="muted">No candidates match. Import a repository above.</td></tr>}
      </tbody>
    </table>
  );
}
