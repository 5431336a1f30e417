// A Harbor job folder (jobs/<job>/<trial>/result.json) → trial files for ingest. Trials of the same
// task and agent are numbered as repeats in the order of their names.
import fs from "node:fs";
import path from "node:path";
import type { THarborTrialFile } from "./ingest";

export function readHarborJob(dir: string): THarborTrialFile[] {
  const files: { path: string; json: Record<string, unknown> }[] = [];
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "result.json") {
        const json = JSON.parse(fs.readFileSync(full, "utf8")) as Record<string, unknown>;
        if (typeof json.trial_name === "string") files.push({ path: path.relative(dir, full), json }); // the job's own result.json has no trial_name
      }
    }
  };
  walk(dir);
  const seen = new Map<string, number>();
  return files.map((f) => {
    const agent = (f.json.config as { agent?: { name?: string; model_name?: string } } | undefined)?.agent;
    const key = `${String(f.json.task_name)}\u0000${agent?.name ?? ""}\u0000${agent?.model_name ?? ""}`;
    const repeat = seen.get(key) ?? 0;
    seen.set(key, repeat + 1);
    return { ...f, repeat };
  });
}
