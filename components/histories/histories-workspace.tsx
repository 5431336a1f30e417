"use client";
// The Histories tab of a family: one editor per condition, the live replay,
// the preview, revisions, the exposure plot and the path gates.
import { useEffect, useMemo, useState } from "react";
import { CONDITIONS, type TCondition } from "@/lib/contract";
import { checkHistories, type THistoryCheck } from "@/lib/histories/check-history";
import { EditorSettings } from "./editor-settings";
import { ExposurePlot } from "./exposure-plot";
import { HistoryEditor } from "./history-editor";
import { HistoryPreview } from "./history-preview";
import { PathGatesPanel } from "./path-gates-panel";
import { ReplayPanel } from "./replay-panel";
import { RevisionsPanel } from "./revisions-panel";
import { ScaffoldButton } from "./scaffold-button";
import { ShortcutsHelp } from "./shortcuts-help";
import { useHistories } from "./use-histories";
import { useHistoryDrafts } from "./use-history-drafts";
import styles from "./histories.module.css";

// The same preference as the other Monaco editors of the studio (components/verifier/plain-editors.tsx).
const PLAIN_KEY = "specpath.plainEditors";

function stateOf(check: THistoryCheck | undefined): "pass" | "fail" | "pending" | "none" {
  if (!check) return "none";
  if (check.errors.length > 0 || check.comparisons.length > 0 || !check.atContract) return "fail";
  if (check.leaks.length > 0 || check.draftTurns.length > 0 || check.emptyTurns.length > 0) return "pending";
  return "pass";
}

type Props = { familyId: string; isCurator: boolean; canRunReplay: boolean; /** Where Monaco's files are served (the studio's copy). */ monacoBase: string };

export function HistoriesWorkspace({ familyId, isCurator, canRunReplay, monacoBase }: Props) {
  const query = useHistories(familyId);
  const drafts = useHistoryDrafts(query.data);
  const [selected, setSelected] = useState<TCondition>("direct");
  const [plain, setPlain] = useState(false);
  useEffect(() => setPlain(window.localStorage.getItem(PLAIN_KEY) === "1"), []);
  const togglePlain = (on: boolean) => {
    setPlain(on);
    window.localStorage.setItem(PLAIN_KEY, on ? "1" : "0");
  };

  const data = query.data;
  const checks = useMemo(() => {
    if (!data) return new Map<TCondition, THistoryCheck>();
    const all = checkHistories({ catalog: data.catalog, histories: drafts.histories, lint: { atomKeys: data.atomKeys, probeTestIds: data.probeTestIds } });
    return new Map(all.map((c) => [c.condition, c]));
  }, [data, drafts.histories]);

  if (query.isPending) return <p className="muted">Loading histories…</p>;
  if (query.error) return <p className="error">{query.error.message}</p>;
  const family = query.data;
  const canEdit = isCurator && !family.frozen;
  const history = drafts.server.get(selected);
  const check = checks.get(selected);
  const current = drafts.histories.find((h) => h.condition === selected);

  return (
    <EditorSettings.Provider value={{ plain, monacoBase }}>
      <div className={styles.toolbar}>
        {canEdit && <ScaffoldButton familyId={familyId} unsaved={drafts.anyDirty} />}
        <label style={{ flexDirection: "row", alignItems: "center" }}>
          <input type="checkbox" checked={plain} onChange={(e) => togglePlain(e.target.checked)} /> Plain text editor
        </label>
        <span className={styles.spacer} />
        <ShortcutsHelp />
      </div>
      {family.frozen && <p className="muted">This family is frozen; its histories are read-only.</p>}
      {family.catalog.length === 0 && <p className="error">The family has no accepted atom yet; accept atoms before writing histories.</p>}

      <div className={styles.conditionTabs} role="tablist" aria-label="Conditions">
        {CONDITIONS.map((condition) => (
          <button
            key={condition}
            type="button"
            role="tab"
            aria-selected={condition === selected}
            onClick={() => setSelected(condition)}
            data-testid={`tab-${condition}`}
          >
            <i className={styles.dot} data-state={stateOf(checks.get(condition))} />
            {condition}
            {drafts.isDirty(condition) && " •"}
          </button>
        ))}
      </div>

      <div className={styles.workspace}>
        <div role="tabpanel" aria-label={selected}>
          <HistoryEditor
            familyId={familyId}
            condition={selected}
            history={history}
            drafts={drafts}
            check={check}
            catalog={family.catalog}
            canEdit={canEdit}
          />
        </div>
        <aside className={styles.side}>
          <ReplayPanel
            check={check}
            histories={drafts.histories}
            canRepad={canEdit && history?.revision.status === "draft"}
            onRepad={(h) => drafts.replace("length_matched", h.turns)}
          />
        </aside>
      </div>

      {current && (
        <section className="panel">
          <h2 className="mt0">Preview as the agent sees it · {selected}</h2>
          <HistoryPreview history={current} protocol={family.protocol} leaks={check?.leaks ?? []} />
        </section>
      )}
      {history && (
        <section className="panel">
          <h2 className="mt0">Revisions of {selected}</h2>
          <RevisionsPanel familyId={familyId} condition={selected} latest={history.revision.number} />
        </section>
      )}
      <section className="panel">
        <h2 className="mt0">Exposure: share of C* stated by turn t</h2>
        <ExposurePlot histories={drafts.histories} catalog={family.catalog} />
      </section>
      <PathGatesPanel familyId={familyId} canRunReplay={canRunReplay} unsaved={drafts.anyDirty} />
    </EditorSettings.Provider>
  );
}
