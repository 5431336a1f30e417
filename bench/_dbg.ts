import { CORPUS_SETS, loadCorpus } from "../lib/oracle-audit/real-corpus/load";
import { observeCase } from "../lib/oracle-audit/real-corpus/measure";
const ids = process.argv.slice(2);
for (const [, dir] of CORPUS_SETS) for (const o of loadCorpus(dir)) {
  if (!o.ok || !ids.includes(o.loaded.case.id)) continue;
  const obs = await observeCase(o.loaded);
  for (const h of ["full", "partial"] as const) for (const f of obs.perHistory[h].classified) for (const d of f.deps) {
    if (d.dependency.kind === "literal" && (d.category !== "visible" || /computed|gold/.test(d.reason))) console.log(h, d.dependency.line, JSON.stringify(d.dependency.value).slice(0, 60), d.category, d.reason.slice(0, 200));
  }
}
