// Freeze → export → import on a real database with real calibration runs.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { useFreshDatabase } from "@/lib/testing/db";
import { startWorker } from "@/workers/worker-process";
import { updateAtom } from "@/lib/atoms/update-atom";
import { freezeFamily } from "./freeze-family";
import { loadFrozenPackage, type TFrozenPackage } from "./load-package";
import { writeNativeExport, readTarGz } from "./native-export";
import { importPackage } from "./import-package";
import { addAnnotation } from "./add-annotation";
import { packageHash } from "./hash";
import { sweBenchInstances, ZSweBenchInstanceSchema, toJsonl } from "./swebench";
import { buildGreenDemoFamily } from "./testing/frozen-demo";
import { openNewVersion } from "./open-new-version";

let tmp: string;
let worker: Awaited<ReturnType<typeof startWorker>>;
let built: Awaited<ReturnType<typeof buildGreenDemoFamily>>;
let pkg: TFrozenPackage;

beforeAll(async () => {
  await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-package-"));
  worker = await startWorker({ concurrency: 2, cacheDir: path.join(tmp, "cache"), log: () => undefined });
  built = await buildGreenDemoFamily(tmp);
}, 300_000);

afterAll(async () => {
  await worker?.stop();
  await stopBoss({ graceful: false, timeout: 1000 });
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("freeze", () => {
  it("is refused to a curator, and to a lead while a gate is not green", async () => {
    await expect(freezeFamily({ id: built.curator.id, roles: ["curator"] }, built.family.id)).rejects.toThrow(/Only a lead/);
    const notGreen = built.report.stages.filter((s) => s.stage !== "freeze" && s.status !== "pass").map((s) => [s.stage, s.missing]);
    expect(notGreen).toEqual([]);
  });

  it("freezes a green family into a content-addressed package", async () => {
    const frozen = await freezeFamily({ id: built.lead.id, roles: ["lead"] }, built.family.id);
    expect(frozen.hash).toMatch(/^[0-9a-f]{64}$/);
    pkg = await loadFrozenPackage({ familyId: built.family.id });
    expect(packageHash(pkg.content)).toBe(frozen.hash);
    expect(pkg.content.construction_audit.schema_version).toBe("4.0");
    expect(pkg.content.histories).toHaveLength(7);
    expect(pkg.content.construction_audit.review.every((r) => r.reviews === 2 && r.exactMatch === 2)).toBe(true);
    expect(pkg.content.construction_audit.calibration.find((c) => c.role === "gold")?.signature).toMatch(/^1+$/);
    const family = await db().taskFamily.findUniqueOrThrow({ where: { id: built.family.id } });
    expect(family.stage).toBe("frozen");
    await expect(freezeFamily({ id: built.lead.id, roles: ["lead"] }, built.family.id)).rejects.toThrow(new RegExp(frozen.hash));
  });

  it("refuses edits through the API path with 409 naming the package, and raw SQL on an atom", async () => {
    const atom = await db().atom.findFirstOrThrow({ where: { familyId: built.family.id, key: "A1" } });
    await expect(updateAtom(built.curator.id, built.family.id, atom.id, { version: atom.version, statement: "changed" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining(pkg.hash),
    });
    await expect(db().$executeRawUnsafe(`UPDATE "Atom" SET statement = 'forged' WHERE id = '${atom.id}'`)).rejects.toThrow(/frozen in package/);
    await expect(db().$executeRawUnsafe(`DELETE FROM "Turn" WHERE "revisionId" IN (SELECT hr.id FROM "HistoryRevision" hr JOIN "History" h ON h.id = hr."historyId" WHERE h."familyId" = '${built.family.id}')`)).rejects.toThrow(/frozen in package/);
    await expect(db().$executeRawUnsafe(`UPDATE "Review" SET "finalSet" = '{}'`)).rejects.toThrow(/frozen in package/);
    await expect(db().atom.create({ data: { familyId: built.family.id, key: "A99", statement: "new" } })).rejects.toThrow(/frozen in package/);
    expect((await db().atom.findUniqueOrThrow({ where: { id: atom.id } })).statement).toBe(atom.statement);
  });

  it("adds annotations without changing the hash", async () => {
    await addAnnotation(built.lead.id, built.family.id, pkg.id, { kind: "known_asymmetry", body: "Split turn 2 is longer.", rationale: "Found after freeze." });
    const again = await loadFrozenPackage({ familyId: built.family.id });
    expect(again.hash).toBe(pkg.hash);
    expect(packageHash(again.content)).toBe(pkg.hash);
    expect(again.annotations.map((a) => a.body)).toEqual(["Split turn 2 is longer."]);
    pkg = again;
  });
});

describe("versions", () => {
  it("opens draft version 2 from the frozen family; the old package stays", async () => {
    const next = await openNewVersion({ id: built.lead.id, roles: ["lead"] }, built.family.id);
    expect(next.familyVersion).toBe(2);
    const v2 = await db().taskFamily.findUniqueOrThrow({ where: { id: next.id }, include: { atoms: true, histories: { include: { revisions: { include: { turns: true } } } } } });
    expect(v2.stage).toBe("anchoring");
    expect(v2.atoms.length).toBeGreaterThan(0);
    expect(v2.histories).toHaveLength(7);
    const turn = v2.histories[0]!.revisions[0]!.turns[0]!;
    await db().turn.update({ where: { id: turn.id }, data: { text: `${turn.text} (reworded)` } });
    await expect(openNewVersion({ id: built.lead.id, roles: ["lead"] }, built.family.id)).rejects.toThrow(/already open/);
    expect((await loadFrozenPackage({ familyId: built.family.id })).hash).toBe(pkg.hash);
  });
});

describe("native export and import", () => {
  let file: string;

  it("round-trips to the identical hash, idempotently", async () => {
    file = await writeNativeExport(pkg, path.join(tmp, "out", "native.tar.gz"));
    const files = await readTarGz(file);
    for (const name of ["task.json", "contract.json", "histories/direct.md", "traces/direct.json", "verifier/verifier.json", "audit.json", "annotations.json", "MANIFEST"]) {
      expect(files.has(name), name).toBe(true);
    }
    expect(files.get("histories/direct.md")).not.toMatch(/\bA\d+\b/);
    const first = await importPackage(built.lead.id, file);
    expect(first.hash).toBe(pkg.hash);
    // Another studio would create it; here the hash is already stored, so import is a no-op.
    expect(first.created).toBe(false);
    const second = await importPackage(built.lead.id, file);
    expect(second).toEqual(first);
  });

  it("imports into an empty studio with the identical hash", async () => {
    await useFreshDatabase();
    const lead = await db().user.create({ data: { email: "lead@other", name: "Other lead", roles: ["lead"] } });
    const result = await importPackage(lead.id, file);
    expect(result).toMatchObject({ hash: pkg.hash, created: true });
    const stored = await loadFrozenPackage({ hash: pkg.hash });
    expect(packageHash(stored.content)).toBe(pkg.hash);
    expect(stored.annotations).toHaveLength(1);
    expect(await importPackage(lead.id, file)).toEqual({ ...result, created: false });
    expect(await db().package.count()).toBe(1);
  });

  it("refuses a package with one byte changed in a patch, naming the file", async () => {
    const dir = path.join(tmp, "tampered");
    fs.mkdirSync(dir, { recursive: true });
    await tar.x({ file, cwd: dir });
    const [top] = fs.readdirSync(dir);
    const patchFile = fs.readdirSync(path.join(dir, top!, "patches")).find((f) => f.includes("gold"))!;
    const full = path.join(dir, top!, "patches", patchFile);
    const bytes = fs.readFileSync(full);
    bytes[bytes.length - 2] = bytes[bytes.length - 2] === 0x41 ? 0x42 : 0x41;
    fs.writeFileSync(full, bytes);
    const tampered = path.join(tmp, "tampered.tar.gz");
    await tar.c({ gzip: true, file: tampered, cwd: dir }, [top!]);
    await expect(importPackage(null, tampered)).rejects.toThrow(new RegExp(`patches/${patchFile}`));
  });

  it("writes one SWE-bench instance per history that validates", () => {
    const instances = sweBenchInstances(pkg.content, pkg.hash);
    expect(instances).toHaveLength(7);
    const lines = toJsonl(instances).trimEnd().split("\n").map((l) => ZSweBenchInstanceSchema.parse(JSON.parse(l)));
    expect(new Set(lines.map((l) => l.instance_id)).size).toBe(7);
    expect(JSON.parse(lines[0]!.FAIL_TO_PASS)).toEqual(pkg.content.verifier.probes.map((p) => p.testId));
    expect(lines[0]!.problem_statement).toContain("# Conversation history");
  });
});
