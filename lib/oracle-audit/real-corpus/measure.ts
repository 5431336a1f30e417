// Runs the audit's own API on every loaded real-corpus case, both histories at once, as the
// worker does (base definitions whole, gold's only where it changes the base), and scores
// the verdicts against the labels. A case whose audit throws is recorded, not fatal.
import { auditFiles, definitionsOfFiles, definitionsOverBase } from "../audit-files";
import { classificationContext, classifyTestFile } from "../classify";
import { recordedBaseFailures } from "./base-runs";
import { CASES_DIR, loadCorpus, type TLoadedCase } from "./load";
import { HISTORY_KEYS, type TRealCase } from "./schema";
import { scoreRealCorpus, type TCaseObservation, type TRealCorpusScore } from "./score";

/** A case's definitions as the worker builds them: the base's whole, gold's only where it changes the base. */
async function treesOf(l: TLoadedCase) {
  const base = await definitionsOfFiles(l.baseSources, l.basePaths);
  const changed = Object.fromEntries(Object.entries(l.goldSources).filter(([p, text]) => l.baseSources[p] !== text));
  const gold = await definitionsOverBase(base, changed, [...new Set([...l.goldPaths, ...Object.keys(l.testFiles)])]);
  return { base, gold };
}

export async function observeCase(l: TLoadedCase): Promise<TCaseObservation> {
  const c = l.case;
  const empty = () => Object.fromEntries(HISTORY_KEYS.map((h) => [h, { classified: [], findings: [] }])) as unknown as TCaseObservation["perHistory"];
  const started = performance.now();
  try {
    const { base, gold } = await treesOf(l);
    const histories = HISTORY_KEYS.map((h) => ({ revisionId: `${c.id}:${h}`, condition: h, text: c.histories[h] }));
    const baseFailures = recordedBaseFailures(c.id);
    const audit = await auditFiles({ base, gold, testFiles: l.testFiles, histories, probeTestIds: c.probes, baseFailures });
    const ctx = classificationContext(base, gold, Object.keys(l.testFiles), baseFailures);
    const perHistory = empty();
    for (const h of HISTORY_KEYS) {
      const text = c.histories[h];
      perHistory[h].classified = audit.tests.map((t) => ({ file: t.file, deps: classifyTestFile(t, ctx, text) }));
      perHistory[h].findings = audit.histories.find((x) => x.revisionId === `${c.id}:${h}`)?.findings ?? [];
    }
    return { caseId: c.id, error: null, notAudited: audit.notAudited, perHistory, testFiles: Object.keys(l.testFiles).length, ms: performance.now() - started };
  } catch (error) {
    return { caseId: c.id, error: error instanceof Error ? error.message : String(error), notAudited: [], perHistory: empty(), testFiles: Object.keys(l.testFiles).length, ms: performance.now() - started };
  }
}

/** A drafted addendum placed in its history that the audit, run again, does not accept (its finding stays). */
export interface TRejectedAddendum { caseId: string; history: string; dependencyKey: string; addendum: string; reason: string }

/**
 * Each history's drafted addenda placed together (as the studio places them), the history audited again: how many
 * findings there were and which the audit still reports. The audit must accept every sentence it drafts.
 */
export async function addendaOfCase(l: TLoadedCase): Promise<{ drafted: number; rejected: TRejectedAddendum[] }> {
  const { base, gold } = await treesOf(l);
  const audit = async (text: string) =>
    (await auditFiles({ base, gold, testFiles: l.testFiles, histories: [{ revisionId: "r", condition: "direct", text }], probeTestIds: l.case.probes, baseFailures: recordedBaseFailures(l.case.id) })).histories[0]!.findings;
  let drafted = 0;
  const rejected: TRejectedAddendum[] = [];
  for (const h of HISTORY_KEYS) {
    const text = l.case.histories[h];
    const first = await audit(text);
    if (first.length === 0) continue;
    const again = await audit(`${text}\n\n${[...new Set(first.map((f) => f.addendum))].join(" ")}`);
    drafted += first.length;
    for (const f of first) {
      const still = again.find((g) => g.file === f.file && g.dependencyKey === f.dependencyKey);
      if (still) rejected.push({ caseId: l.case.id, history: h, dependencyKey: f.dependencyKey, addendum: f.addendum, reason: still.reason });
    }
  }
  return { drafted, rejected };
}

export interface TRealCorpusRun {
  score: TRealCorpusScore;
  /** What was scored, to score subsets again (per language, per runner). */
  cases: TRealCase[];
  observations: TCaseObservation[];
  notLoaded: { id: string; reason: string }[];
  notAudited: string[];
}

/** `dir`: the development set (cases/, the default) or the held-out set (held-out/). */
export async function measureRealCorpus(dir = CASES_DIR): Promise<TRealCorpusRun> {
  const outcomes = loadCorpus(dir);
  const loaded = outcomes.flatMap((o) => (o.ok ? [o.loaded] : []));
  const notLoaded = outcomes.flatMap((o) => (o.ok ? [] : [{ id: o.id, reason: o.reason }]));
  const observations: TCaseObservation[] = [];
  for (const l of loaded) observations.push(await observeCase(l));
  const score = scoreRealCorpus(loaded.map((l) => l.case), observations);
  const notAudited = observations.flatMap((o) => o.notAudited.map((n) => `${o.caseId}: ${n.file}: ${n.reason}`));
  return { score, cases: loaded.map((l) => l.case), observations, notLoaded, notAudited };
}
