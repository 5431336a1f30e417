import "server-only";
// Test helper: the demo family on a base that also holds a source with the string
// literal '\u0000' (and a lone surrogate), which the audit's stores must survive.
// The demo's PR is replayed onto that base, so gold, calibration and the histories are the demo's.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { createDemoRepo, type DemoRepo } from "@/lib/demo/demo-repo";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { requestCalibration, requestSingleRun } from "@/lib/runs/request-runs";
import { makeUser } from "@/lib/testing/factories";
import { seedAgreeingReviews, waitForRuns } from "@/lib/testing/frozen-demo";

export const NUL_SOURCE = "// Separators the store never lets into a name.\nexport const NUL = '\\u0000';\nexport const LONE = '\\ud800';\nexport function hasNul(name) {\n  return name.includes('\\u0000');\n}\n";

const git = (dir: string, args: string[]) =>
  execFileSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "A", GIT_AUTHOR_EMAIL: "a@x", GIT_COMMITTER_NAME: "A", GIT_COMMITTER_EMAIL: "a@x" } }).trim();

/** The demo repository with `src/separators.js` (NUL_SOURCE) added to the base, the PR replayed on top. */
export function createNulDemoRepo(dir: string): DemoRepo {
  const demo = createDemoRepo(dir);
  git(dir, ["checkout", "-q", "-b", "nul-base", demo.baseCommit]);
  fs.writeFileSync(path.join(dir, "src/separators.js"), NUL_SOURCE);
  git(dir, ["add", "-A"]);
  git(dir, ["commit", "-q", "-m", "Name separators"]);
  const baseCommit = git(dir, ["rev-parse", "HEAD"]);
  git(dir, ["checkout", "-q", "-b", "nul-feature"]);
  git(dir, ["cherry-pick", demo.headCommit]);
  const headCommit = git(dir, ["rev-parse", "HEAD"]);
  git(dir, ["checkout", "-q", "-B", "main", baseCommit]);
  git(dir, ["merge", "-q", "--no-ff", "-m", "Merge pull request #13 from nul-feature", "nul-feature"]);
  return { ...demo, baseCommit, headCommit, mergeCommit: git(dir, ["rev-parse", "HEAD"]) };
}

/** The demo family on that base, checked out, calibrated and reviewed (the audit is the caller's). */
export async function buildNulDemoFamily(tmp: string, name = "nul-demo") {
  const [lead, curator, r1, r2] = await Promise.all([makeUser(["lead"]), makeUser(["curator"]), makeUser(["reviewer"]), makeUser(["reviewer"])]);
  const suite = await db().suite.create({ data: { name } });
  const repo = createNulDemoRepo(path.join(tmp, name));
  const { family } = await buildDemoFamily(db(), { suiteId: suite.id, repo, leadId: lead.id, curatorIds: [curator.id], title: `${name} family`, complete: true });
  await requestSingleRun(null, family.id, "checkout", name);
  await requestCalibration(curator.id, family.id);
  await waitForRuns(family.id);
  await seedAgreeingReviews(family.id, [r1.id, r2.id]);
  return { family, lead, curator, repo };
}
