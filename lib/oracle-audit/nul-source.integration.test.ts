// A base source holding the string literal '\u0000' (and a lone surrogate) used to end
// every audit in infrastructure_error (the definition cache refused U+0000) and so block
// freeze for every family of the repository. The family audits, freezes and exports.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { getGateReport } from "@/lib/families/get-gate-report";
import { freezeFamily } from "@/lib/package/freeze-family";
import { loadFrozenPackage } from "@/lib/package/load-package";
import { readTarGz, writeNativeExport } from "@/lib/package/native-export";
import { waitForRuns } from "@/lib/testing/frozen-demo";
import { useWorkerPool } from "@/workers/testing/worker-pool";
import { getOracleAudit } from "./get-oracle-audit";
import { requestOracleAudit } from "./request-oracle-audit";
import { fromJsonBytes } from "./storable";
import { buildNulDemoFamily } from "@/lib/testing/nul-demo";

const pool = useWorkerPool("oracle-nul");

describe("a base holding '\\u0000'", () => {
  it("audits, freezes and exports", async () => {
    const { family, lead, curator } = await buildNulDemoFamily(pool.tmp);
    await requestOracleAudit(curator.id, family.id);
    await waitForRuns(family.id);
    const run = await db().run.findFirstOrThrow({ where: { familyId: family.id, requestKey: { contains: ":oracle_audit:static:" } }, orderBy: { createdAt: "desc" } });
    expect(run.status, run.message ?? "").toBe("passed");
    // The base's definitions, U+0000 and the lone surrogate included, are stored and read back exactly.
    const entries = await db().oracleDefinitionCache.findMany({ where: { key: { contains: ":base:" } } });
    const strings = entries.flatMap((e) => fromJsonBytes<{ definitions?: { definitions: { file: string; strings: string[] }[] } }>(e.content).definitions?.definitions ?? [])
      .filter((d) => d.file === "src/separators.js").flatMap((d) => d.strings);
    expect(strings).toEqual(expect.arrayContaining(["\u0000", "\ud800"]));
    const view = await getOracleAudit(family.id);
    expect(view.audit?.current).toBe(true);
    const report = await getGateReport(family.id);
    const open = report.stages.filter((s) => s.stage !== "freeze" && s.status !== "pass").map((s) => [s.stage, s.missing]);
    expect(open).toEqual([]);
    const frozen = await freezeFamily(lead, family.id);
    // Frozen: asking for another audit is refused naming the package, and no waiver row can be added.
    await expect(requestOracleAudit(curator.id, family.id)).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining(frozen.hash) });
    await expect(db().oracleWaiver.create({ data: { familyId: family.id, dependencyKey: "name::x", name: "x", rationale: "forged after freeze", createdById: lead.id } })).rejects.toThrow(/frozen in package/);
    const pkg = await loadFrozenPackage({ familyId: family.id });
    expect(pkg.hash).toBe(frozen.hash);
    const out = path.join(pool.tmp, "nul-export.tar.gz");
    await writeNativeExport(pkg, out);
    const files = await readTarGz(out);
    expect(files.has("task.json")).toBe(true);
    expect(fs.statSync(out).size).toBeGreaterThan(0);
  }, 400_000);
});
