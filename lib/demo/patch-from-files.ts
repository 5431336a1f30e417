import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** A unified diff (git format) that turns `commit` of `repoDir` into it with `files` written. */
export function patchFromFiles(repoDir: string, commit: string, files: Record<string, string>): string {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-patch-"));
  try {
    execFileSync("git", ["clone", "-q", "--no-checkout", repoDir, work]);
    execFileSync("git", ["-C", work, "checkout", "-q", commit]);
    for (const [file, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
      fs.writeFileSync(path.join(work, file), content);
    }
    execFileSync("git", ["-C", work, "add", "-A"]);
    return execFileSync("git", ["-C", work, "diff", "--cached", "--no-color", commit], { encoding: "utf8" });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
