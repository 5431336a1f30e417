import "server-only";
// A demo family on a real git repository in a temp dir, for integration tests of the
// reconciliation stage: atoms A1–A4, probes, verifier, gold / negatives / alternative.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { createDemoRepo } from "@/lib/demo/demo-repo";
import { listEvidenceFiles } from "@/lib/anchoring/evidence/behavioral-slice";
import { parseDiff } from "@/lib/git/diff";
import { makeSuite } from "@/lib/testing/factories";

export async function makeDemoFamily(curatorIds: string[], options: { withSlice?: boolean } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-recon-"));
  const repo = createDemoRepo(path.join(dir, "vault-lite"));
  const suite = await makeSuite();
  const { family, atoms } = await buildDemoFamily(db(), { suiteId: suite.id, repo, curatorIds });
  if (options.withSlice) {
    const diff = execFileSync("git", ["-C", repo.dir, "diff", "--no-color", repo.baseCommit, repo.mergeCommit], { encoding: "utf8" });
    await db().evidence.update({ where: { familyId: family.id }, data: { diff } });
    for (const [position, file] of listEvidenceFiles(parseDiff(diff)).entries()) {
      await db().diffFile.create({ data: { familyId: family.id, path: file.path, kind: file.kind, inSlice: file.inSlice, reason: file.reason, hunks: file.hunks, position } });
    }
  }
  return { family, atoms: atoms as Record<"A1" | "A2" | "A3" | "A4", string>, repo, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
