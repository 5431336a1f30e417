import { loadCorpus } from "../lib/oracle-audit/real-corpus/load";
const ids = process.argv.slice(2);
for (const o of loadCorpus()) {
  if (!o.ok || !ids.includes(o.loaded.case.id)) continue;
  for (const [p, t] of Object.entries(o.loaded.testFiles)) console.log(`==== ${o.loaded.case.id} ${p}\n${t.slice(0, 3000)}`);
  console.log("---- histories", JSON.stringify(o.loaded.case.histories, null, 1));
}
