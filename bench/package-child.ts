// One measurement in a clean process (peak RSS is per process; run with --expose-gc):
// `export <suite> <out> <cacheDir> [shared|copies]` (Harbor environment folder once per environment, or copied per history) or
// `freeze-verify <familyId> <leadId> <cacheDir>`. Prints one JSON line.
import { performance } from "node:perf_hooks";

const [command, a, b, c, d] = process.argv.slice(2);
let peakHeap = 0;
const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 20);
const started = performance.now();
let extra: Record<string, unknown> = {};
if (command === "export") {
  const { exportSuite } = await import("../lib/package/export-suite");
  const gc = (globalThis as { gc?: () => void }).gc;
  let retained = 0;
  const t = performance.now();
  // After each family, what is still reachable: grows with the suite only if something is kept.
  const result = await exportSuite(a!, b!, {
    cacheDir: c!, shareEnvironment: d !== "copies",
    onFamily: () => { gc?.(); retained = Math.max(retained, process.memoryUsage().heapUsed); },
  });
  extra = { ...result, exportMs: performance.now() - t, retainedHeapBytes: retained };
} else if (command === "freeze-verify") {
  const { freezeFamily } = await import("../lib/package/freeze-family");
  const { loadFrozenPackage } = await import("../lib/package/load-package");
  const { verifyPackage } = await import("../lib/package/verify-package");
  await freezeFamily({ id: b!, roles: ["lead"] }, a!);
  const pkg = await loadFrozenPackage({ familyId: a! });
  const t = performance.now();
  const result = await verifyPackage(pkg.content, pkg.hash, { cacheDir: c!, concurrency: 2 });
  extra = { verifyMs: performance.now() - t, hashMatches: result.hashMatches, allSame: result.rows.every((r) => r.match), runs: result.rows.length };
}
clearInterval(sampler);
peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
const { disconnectDb } = await import("../lib/db/client");
await disconnectDb();
console.log(JSON.stringify({ ms: performance.now() - started, maxRssBytes: process.resourceUsage().maxRSS * 1024, peakHeapBytes: peakHeap, ...extra }));
