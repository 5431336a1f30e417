// Pure: stage 5's specification–oracle gate — no unresolved blocking hidden dependency in
// any current history revision (one no probe runs is informational and never blocks), no
// test file left unread without a lead's waiver, and an audit of the text as it stands:
// a failed latest run fails the gate, whatever older audit exists.
import { findings, listOf, settle } from "./gate";
import type { TOracleAuditFacts } from "./oracle-audit-facts";
import type { TFamilyFacts, TGate } from "./types";

export function oracleAuditGate(facts: TFamilyFacts): TGate {
  const f = findings();
  const o: TOracleAuditFacts | undefined = facts.oracleAudit;
  const conditionOf = new Map(facts.histories.map((h) => [h.revisionId, h.condition]));
  const title = "No unresolved hidden dependency (specification–oracle audit) in any current history";
  if (!o || o.currentRevisionKeys.length === 0) {
    f.waits.push("The specification–oracle audit runs once the histories exist.");
    return settle("audit", "oracle_audit", title, f);
  }
  const audited = new Set(o.audit?.revisionKeys ?? []);
  const unread = o.currentRevisionKeys.filter((k) => !audited.has(k));
  if (!o.running && o.lastRunFailure) {
    f.failures.push(`The last audit run failed: ${o.lastRunFailure}${o.audit ? " The findings shown are those of an earlier audit." : ""}`);
    return settle("audit", "oracle_audit", title, f);
  }
  if (!o.audit || unread.length > 0 || !o.audit.goldCurrent) {
    const which = !o.audit ? "No specification–oracle audit has run yet" : !o.audit.goldCurrent ? "Gold, the hidden tests, the probes or the base's calibration run changed since the last audit" : `The text of ${listOf(unread.map((k) => conditionOf.get(k.split("@")[0]!) ?? k))} changed since the last audit`;
    f.waits.push(`${which}; ${o.running ? "an audit is running." : "run the audit on the findings page."}`);
    return settle("audit", "oracle_audit", title, f);
  }
  const open = o.findings.filter((x) => x.resolution === null);
  const byHistory = new Map<string, string[]>();
  // Informational: hidden, but no probe the verifier runs depends on it — only once there are probes to judge by.
  const isInformational = (x: (typeof open)[number]) => x.category === "hidden" && x.probes === 0 && o.probeCount !== 0;
  const informational = open.filter(isInformational);
  for (const x of open.filter((x) => x.category === "hidden" && !isInformational(x))) {
    const condition = conditionOf.get(x.revisionId ?? "") ?? "a history";
    byHistory.set(condition, [...(byHistory.get(condition) ?? []), `\`${x.name}\` (${x.probes} probe${x.probes === 1 ? "" : "s"})`]);
  }
  for (const [condition, names] of byHistory) f.failures.push(`${condition}: hidden ${listOf([...new Set(names)], 5)}.`);
  const unreadFiles = open.filter((x) => x.category === "not_audited");
  if (unreadFiles.length > 0) f.failures.push(`Not audited: ${listOf(unreadFiles.map((x) => `${x.name} (${x.reason})`), 5)}.`);
  f.evidence.push({ label: "histories audited", detail: String(o.currentRevisionKeys.length) });
  if (informational.length > 0) f.evidence.push({ label: "informational (no probe runs it)", detail: listOf([...new Set(informational.map((x) => `\`${x.name}\``))], 5) });
  const resolved = o.findings.filter((x) => x.resolution !== null);
  if (resolved.length > 0) f.evidence.push({ label: "resolved", detail: `${resolved.filter((x) => x.resolution === "waived").length} waived, ${resolved.filter((x) => x.resolution === "addendum").length} by addendum` });
  const waivedFiles = o.findings.filter((x) => x.category === "not_audited" && x.resolution === "waived");
  if (waivedFiles.length > 0) f.evidence.push({ label: "not audited (waived)", detail: listOf(waivedFiles.map((x) => x.name)) });
  return settle("audit", "oracle_audit", title, f);
}
