import "server-only";
// A Harbor job folder (jobs/<job>/<trial>/result.json) → trial files for ingest. Trials of the same
// task and agent are numbered as repeats in the order of their names.
import fs from "node:fs";
import path from "node:path";
import type { THarborTrialFile } from "./ingest";

/**
 * A file's text, refused (naming the file and the byte) when it is not valid UTF-8: decoding with
 * replacement would put U+FFFD into a patch, changing its bytes, so the upload must fail instead.
 */
export function readUtf8Strict(file: string): string {
  const bytes = fs.readFileSync(file);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    let at = 0;
    for (let end = 1; end <= bytes.length; end++) {
      try {
        new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, end));
        at = end;
      } catch {
        if (end - at > 4) break;
      }
    }
    const line = bytes.subarray(0, at).toString("utf8").split("\n").length;
    throw new Error(`${file}: line ${line}: not valid UTF-8 (byte ${at + 1}); nothing was imported`);
  }
}

export function readHarborJob(dir: string): THarborTrialFile[] {
  const files: { path: string; json: Record<string, unknown> }[] = [];
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "result.json") {
        let json: Record<string, unknown>;
        try {
          json = JSON.parse(readUtf8Strict(full)) as Record<string, unknown>;
        } catch (error) {
          throw new Error(`${path.relative(dir, full)}: ${(error as Error).message.replace(`${full}: `, "")}`);
        }
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
