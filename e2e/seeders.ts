// The studio-side seeders behind the fixtures (e2e/fixtures.ts). They run in the Playwright
// worker against the e2e studio's own database, through the builders and mutations the studio
// itself uses, so every step writes its audit event as it does for people. The lib modules are
// imported on first use: most are server modules (`import "server-only"`), which the workers load
// under the react-server condition (playwright.config.ts), as scripts/seed-demo-reviews.ts does.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { e2eDatabaseUrl } from "./database-url";
import { ACCOUNTS, DEMO_PASSWORD } from "./accounts";

export type TPerson = { id: string; email: string; name: string; roles: string[] };
export type TSeededFamily = { id: string; title: string; suiteName: string };
type TRole = "admin" | "lead" | "curator" | "reviewer";

const DEMO_SUITE = "specpath-demo";
/** Stage 1 to 4: what calibration and the history replay turn green. */
export const CORE_STAGES = ["anchoring", "reconciliation", "calibration", "paths"];

/**
 * The studio's database client (lib/db/client.ts's `db()`), made here first: the same client and
 * omissions, with interactive transactions allowed a minute instead of Prisma's 5 s, since the
 * builders' and mutations' transactions share a loaded test machine with the studio under test.
 */
async function studioDb() {
  process.env.DATABASE_URL ??= e2eDatabaseUrl();
  const shared = globalThis as unknown as { studioPrisma?: unknown };
  if (!shared.studioPrisma) {
    const { PrismaPg } = await import("@prisma/adapter-pg");
    const { PrismaClient } = await import("../lib/db/generated/client");
    shared.studioPrisma = new PrismaClient({
      adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL, max: 4 }),
      omit: { user: { passwordHash: true } },
      transactionOptions: { maxWait: 30_000, timeout: 60_000 },
    });
  }
  return (await import("../lib/db/client")).db;
}

export async function person(email: string): Promise<TPerson> {
  const db = await studioDb();
  return db().user.findUniqueOrThrow({ where: { email }, select: { id: true, email: true, name: true, roles: true } });
}

/** Accounts of the spec's own, made by the admin's mutation (`user.create`), signing in with the demo password. */
export async function createPeople(roles: TRole[], label: string, count: number): Promise<TPerson[]> {
  const { createUser } = await import("../lib/users/create-user");
  const admin = await person(ACCOUNTS.admin);
  const people: TPerson[] = [];
  for (let i = 1; i <= count; i++) {
    const user = await createUser(admin.id, { email: `${label}-${i}@e2e.specpath.test`, name: `${label} ${i}`, password: DEMO_PASSWORD, roles });
    people.push({ id: user.id, email: user.email, name: user.name, roles: [...user.roles] });
  }
  return people;
}

/**
 * A fresh demo-shaped family (its own git repository) in the demo suite, with the demo curator on it.
 * `complete`: also its evidence and all seven histories (as the fully built demo family), led by the demo lead.
 */
export async function seedDemoFamily(title: string, options: { complete?: boolean } = {}): Promise<TSeededFamily> {
  const db = await studioDb();
  const { buildDemoFamily } = await import("../lib/demo/build-demo-family");
  const { createDemoRepo } = await import("../lib/demo/demo-repo");
  const suite = await db().suite.findFirstOrThrow({ where: { name: DEMO_SUITE } });
  const [lead, curator] = await Promise.all([person(ACCOUNTS.lead), person(ACCOUNTS.curator)]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-e2e-family-"));
  const { family } = await buildDemoFamily(db(), {
    suiteId: suite.id, repo: createDemoRepo(path.join(dir, "vault-lite")), curatorIds: [curator.id], title,
    ...(options.complete ? { complete: true, leadId: lead.id } : {}),
  });
  return { id: family.id, title: family.title, suiteName: suite.name };
}

/** The SSE fixture family (a hidden `valueSSE`, a hidden exact message) in the demo suite, with the demo curator on it. */
export async function seedSseFamily(title: string): Promise<TSeededFamily> {
  const db = await studioDb();
  const { createSseFamily } = await import("../lib/oracle-audit/testing/sse-family");
  const suite = await db().suite.findFirstOrThrow({ where: { name: DEMO_SUITE } });
  const curator = await person(ACCOUNTS.curator);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-e2e-sse-"));
  const { family } = await createSseFamily(suite.id, path.join(dir, "sse-lite"), { title, curatorIds: [curator.id] });
  return { id: family.id, title: family.title, suiteName: suite.name };
}

/**
 * Two blind reviews of every current revision, each ending at the revision's gold set, made as
 * people make them: the demo curator sends each draft to review, the demo lead assigns the
 * reviewers, each reviewer saves a draft and submits it (history_revision.send_to_review,
 * review_assignment.create, review.save_draft, review.submit).
 */
export async function seedAgreeingReviews(familyId: string, reviewers: readonly TPerson[]): Promise<void> {
  const db = await studioDb();
  const { sendToReview } = await import("../lib/review/send-to-review");
  const { assignReviewerAs } = await import("../lib/review/assign-reviewer");
  const [lead, curator] = await Promise.all([person(ACCOUNTS.lead), person(ACCOUNTS.curator)]);
  const histories = await db().history.findMany({
    where: { familyId },
    orderBy: { condition: "asc" },
    select: { condition: true, revisions: { orderBy: { number: "desc" }, take: 1, select: { id: true, number: true, version: true, status: true } } },
  });
  for (const history of histories) {
    const revision = history.revisions[0]!;
    if (revision.status === "draft") await sendToReview(curator.id, familyId, history.condition, revision.number, { version: revision.version });
    for (const reviewer of reviewers) {
      const assignment = await assignReviewerAs(lead, { familyId, revisionId: revision.id, reviewerId: reviewer.id });
      await extractGold(reviewer.id, assignment.id, revision.id);
    }
  }
}

/** A reviewer encodes the history as its trace says (labels only, as the workspace shows them) and submits. */
async function extractGold(reviewerId: string, assignmentId: string, revisionId: string) {
  const db = await studioDb();
  const { catalogMaps, loadReviewerAssignment, toReviewerWorkspace } = await import("../lib/review/reviewer-projection");
  const { saveReviewDraft } = await import("../lib/review/save-review-draft");
  const { submitReview } = await import("../lib/review/submit-review");
  const row = await loadReviewerAssignment(db(), reviewerId, assignmentId);
  const { labelOf } = catalogMaps(row.id, row.revision.history.family.atoms);
  const label = (keys: readonly string[]) => keys.map((k) => labelOf.get(k)!);
  const trace = await db().turn.findMany({ where: { revisionId }, orderBy: { index: "asc" }, select: { activated: true, deactivated: true, restated: true } });
  const active = new Set<string>();
  const operations = trace.map((t, i) => {
    t.deactivated.forEach((k) => active.delete(k));
    t.activated.forEach((k) => active.add(k));
    return { turn: i + 1, activate: label(t.activated), deactivate: label(t.deactivated), restate: label(t.restated) };
  });
  const saved = await saveReviewDraft(reviewerId, assignmentId, {
    version: toReviewerWorkspace(row).draft.version, operations, finalSet: label([...active]), freeText: [], ambiguous: false, ambiguityNote: null,
  });
  await submitReview(reviewerId, assignmentId, { version: saved.version });
}

/** Waits until every named stage of the family's gate report passes (all stages before freeze when none is named). */
export async function waitForStages(familyId: string, stages: readonly string[] | null, timeoutMs: number): Promise<void> {
  await studioDb();
  const { getGateReport } = await import("../lib/families/get-gate-report");
  const deadline = Date.now() + timeoutMs;
  let open = "";
  while (Date.now() < deadline) {
    const report = await getGateReport(familyId);
    const waiting = report.stages.find((s) => (stages ? stages.includes(s.stage) : s.stage !== "freeze") && s.status !== "pass");
    if (!waiting) return;
    open = `${waiting.title} is ${waiting.status}${waiting.missing ? `: ${waiting.missing}` : ""}`;
    await new Promise((r) => setTimeout(r, 2_000));
  }
  throw new Error(`family ${familyId} did not turn green in ${timeoutMs / 1000} s (${open})`);
}

/** The demo lead freezes the family through the lead's own code path; returns the package hash. */
export async function freezeAsLead(familyId: string): Promise<string> {
  await studioDb();
  const { freezeFamily } = await import("../lib/package/freeze-family");
  const lead = await person(ACCOUNTS.lead);
  return (await freezeFamily(lead, familyId)).hash;
}
