"use client";
// Exposure audit: the cumulative share of C* stated by turn t, every history of
// the family on one chart. Plain SVG; the same numbers are in the table below it.
import { exposureSeries, type TCatalog, type TCondition, type THistory } from "@/lib/contract";
import styles from "./histories.module.css";

const COLORS: Record<TCondition, string> = {
  direct: "#2f5bd3",
  duplicate: "#8e44ad",
  split: "#1f8a4c",
  override: "#c2372f",
  cancellation: "#b7791f",
  paraphrase_direct: "#16a2b8",
  length_matched: "#6b6b70",
};
const DASH: Record<TCondition, string> = {
  direct: "",
  duplicate: "6 3",
  split: "",
  override: "",
  cancellation: "",
  paraphrase_direct: "2 3",
  length_matched: "8 3 2 3",
};

const W = 720;
const H = 280;
const M = { left: 48, right: 16, top: 14, bottom: 36 };

export function ExposurePlot({ histories, catalog }: { histories: THistory[]; catalog: TCatalog }) {
  const result = exposureSeries(histories, catalog);
  if (!result.ok) return <p className="error">{result.errors.map((e) => e.message).join(" ")}</p>;
  const series = result.value;
  if (series.length === 0) return <p className="muted">No history yet.</p>;
  const maxTurn = Math.max(1, ...series.map((s) => s.points.length - 1));
  const x = (t: number) => M.left + (t / maxTurn) * (W - M.left - M.right);
  const y = (share: number) => H - M.bottom - share * (H - M.top - M.bottom);
  // Histories with identical curves would hide each other: nudge each series by a pixel or two.
  const nudge = (i: number) => (i - (series.length - 1) / 2) * 1.5;

  return (
    <figure className="m0" data-testid="exposure-plot">
      <svg className={styles.plot} viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Cumulative share of C* stated by turn, per history">
        {[0, 0.25, 0.5, 0.75, 1].map((share) => (
          <g key={share}>
            <line x1={M.left} x2={W - M.right} y1={y(share)} y2={y(share)} stroke="#e3e3e0" />
            <text x={M.left - 6} y={y(share) + 4} fontSize="11" textAnchor="end" fill="#6b6b70">{Math.round(share * 100)}%</text>
          </g>
        ))}
        {Array.from({ length: maxTurn + 1 }, (_, t) => (
          <text key={t} x={x(t)} y={H - M.bottom + 16} fontSize="11" textAnchor="middle" fill="#6b6b70">{t}</text>
        ))}
        <text x={(M.left + W - M.right) / 2} y={H - 4} fontSize="11" textAnchor="middle" fill="#6b6b70">turn t</text>
        {series.map((s, i) => {
          // A step curve: the share holds from turn t until turn t + 1 states more.
          const path = s.points
            .map((p, j) => {
              const px = x(p.turn);
              const py = y(p.share) + nudge(i);
              return j === 0 ? `M${px},${py}` : `H${px} V${py}`;
            })
            .join(" ");
          return (
            <g key={s.condition} data-condition={s.condition}>
              <title>{`${s.condition}: ${s.points.map((p) => `${Math.round(p.share * 100)}%`).join(" → ")}`}</title>
              <path d={path} fill="none" stroke={COLORS[s.condition]} strokeWidth="2" strokeDasharray={DASH[s.condition]} />
              {s.points.map((p) => (
                <circle key={p.turn} cx={x(p.turn)} cy={y(p.share) + nudge(i)} r="3" fill={COLORS[s.condition]} />
              ))}
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.legend}>
        {series.map((s) => (
          <span key={s.condition}>
            <i className={styles.swatch} style={{ background: COLORS[s.condition] }} />
            {s.condition}
          </span>
        ))}
      </figcaption>
      <details>
        <summary className="muted">Exposure as a table</summary>
        <table className={styles.small}>
          <thead><tr><th>History</th>{Array.from({ length: maxTurn + 1 }, (_, t) => <th key={t}>t={t}</th>)}</tr></thead>
          <tbody>
            {series.map((s) => (
              <tr key={s.condition}>
                <td>{s.condition}</td>
                {Array.from({ length: maxTurn + 1 }, (_, t) => {
                  const p = s.points[t];
                  return <td key={t}>{p ? `${p.stated}/${p.total}` : ""}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
