// `npm start` builds only when the sources changed since the last build.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";

const INPUTS = ["app", "components", "lib", "public", "proxy.ts", "next.config.ts", "package-lock.json", "tsconfig.json"];
const SKIP = new Set(["node_modules", ".next", "generated"]);

function hashTree(root: string): string {
  const hash = crypto.createHash("sha256");
  const visit = (p: string) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) if (!SKIP.has(name)) visit(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) {
      hash.update(path.relative(root, p)).update(fs.readFileSync(p));
    }
  };
  for (const input of INPUTS) visit(path.join(root, input));
  return hash.digest("hex");
}

export function buildIfNeeded(root: string, log: (line: string) => void): void {
  const stampFile = path.join(root, ".next", "studio-build-hash");
  const current = hashTree(root);
  const built = fs.existsSync(path.join(root, ".next", "BUILD_ID")) && fs.existsSync(stampFile)
    ? fs.readFileSync(stampFile, "utf8")
    : null;
  if (built === current) return;
  log(built ? "Sources changed since the last build; rebuilding (about a minute)…" : "First start: building the studio (about a minute)…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error("next build failed; see the output above.");
  fs.writeFileSync(stampFile, current);
}
