// `npm test`: the type check, then every test in three layers — unit, integration
// (real PostgreSQL), end-to-end (real browser against the studio started as `npm start` starts it).
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
const only = process.argv.slice(2);

const layers = [
  { name: "typecheck", cmd: bin("tsc"), args: ["--noEmit", "-p", "."] },
  { name: "unit", cmd: bin("vitest"), args: ["run", "--project", "unit"] },
  { name: "integration", cmd: bin("vitest"), args: ["run", "--project", "integration"] },
  { name: "e2e", cmd: bin("playwright"), args: ["test"] },
].filter((layer) => only.length === 0 || only.includes(layer.name));

const results: { name: string; ok: boolean; seconds: string }[] = [];
for (const layer of layers) {
  console.log(`\n━━ ${layer.name} tests ━━`);
  const started = Date.now();
  const run = spawnSync(layer.cmd, layer.args, { cwd: root, stdio: "inherit", env: { ...process.env, FORCE_COLOR: "1" } });
  results.push({ name: layer.name, ok: run.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

console.log("\n━━ summary ━━");
for (const r of results) console.log(`${r.ok ? "✓" : "✗"} ${r.name.padEnd(12)} ${r.seconds} s`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
