// The e2e layer's fixtures: every journey that changes a family, or waits on one, gets a family of
// its own here (seeded through the studio's builders and mutations, e2e/seeders.ts), so specs run
// in any order and on more than one worker (playwright.config.ts). Specs that only read the demo
// data may still read it; none may depend on what another spec did.
import path from "node:path";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { ACCOUNTS, DEMO_PASSWORD, type Account } from "./accounts";
import * as seeders from "./seeders";
import type { TPerson, TSeededFamily } from "./seeders";

export { ACCOUNTS, DEMO_PASSWORD, type Account, type TPerson, type TSeededFamily };
export { expect };

/** Signs in through next-auth's credentials endpoint; the page (or request context) keeps the cookie. */
export async function signInRequest(request: APIRequestContext, who: Account | TPerson): Promise<void> {
  const email = typeof who === "string" ? ACCOUNTS[who] : who.email;
  const csrf = await (await request.get("/api/auth/csrf")).json();
  const res = await request.post("/api/auth/callback/credentials", { form: { csrfToken: csrf.csrfToken, email, password: DEMO_PASSWORD, json: "true" } });
  expect(res.ok()).toBe(true);
  expect((await request.get("/api/me")).status()).toBe(200);
}

type TFixtures = {
  signInAs: (who: Account | TPerson) => Promise<void>;
  /** A unique tag for this test's titles, emails and names. */
  unique: string;
  /** Accounts of this test's own (`user.create`), e.g. reviewers whose inbox no other spec fills. */
  people: (roles: ("admin" | "lead" | "curator" | "reviewer")[], count: number) => Promise<TPerson[]>;
  /** A fresh demo-shaped family: atoms, probes, verifier and patches, no histories (the demo's "Required and optional secret lookup"). */
  family: TSeededFamily;
  /** A fresh fully built demo family: also the evidence and all seven histories, led by the demo lead (the demo's "Secret lookup, fully built"). */
  builtFamily: TSeededFamily;
  /** A fresh SSE fixture family for the oracle audit. */
  sseFamily: TSeededFamily;
  /** Two fresh reviewers review every current revision of a family blind and reach gold, through the review mutations. */
  reviews: (familyId: string) => Promise<void>;
  /** `builtFamily` with every gate before freeze green: checked out and calibrated on the workers, reviewed, oracle-audited. */
  greenFamily: TSeededFamily;
  /** `greenFamily`, frozen by the demo lead. */
  frozenFamily: TSeededFamily & { hash: string };
};

const SEED_TIMEOUT_MS = 180_000;
const GREEN_TIMEOUT_MS = 420_000;
const fileTag = (file: string) => path.basename(file).replace(/\.spec\.ts$/, "");

export const test = base.extend<TFixtures>({
  signInAs: async ({ page }, use) => {
    await use((who) => signInRequest(page.request, who));
  },
  unique: async ({}, use, testInfo) => {
    await use(`${Date.now().toString(36)}${testInfo.workerIndex}${Math.random().toString(36).slice(2, 6)}`);
  },
  people: async ({ unique }, use) => {
    let batch = 0;
    await use((roles, count) => seeders.createPeople(roles, `${roles.join("-")}-${unique}-${++batch}`, count));
  },
  // Seeding has a timeout of its own: the first one in a worker also loads the studio's modules.
  family: [async ({ unique }, use, testInfo) => {
    await use(await seeders.seedDemoFamily(`${fileTag(testInfo.file)} e2e ${unique}`));
  }, { timeout: SEED_TIMEOUT_MS }],
  builtFamily: [async ({ unique }, use, testInfo) => {
    await use(await seeders.seedDemoFamily(`${fileTag(testInfo.file)} built e2e ${unique}`, { complete: true }));
  }, { timeout: SEED_TIMEOUT_MS }],
  sseFamily: [async ({ unique }, use, testInfo) => {
    await use(await seeders.seedSseFamily(`${fileTag(testInfo.file)} sse e2e ${unique}`));
  }, { timeout: SEED_TIMEOUT_MS }],
  reviews: async ({ people }, use) => {
    await use(async (familyId) => seeders.seedAgreeingReviews(familyId, await people(["reviewer"], 2)));
  },
  // Its own timeout: the runs wait on the one worker pool every spec shares.
  greenFamily: [async ({ builtFamily, reviews, playwright, baseURL }, use) => {
    const curator = await playwright.request.newContext({ baseURL });
    try {
      await signInRequest(curator, "curator");
      const runs = `/api/families/${builtFamily.id}/runs`;
      expect((await curator.post(runs, { data: { action: "checkout" } })).ok()).toBe(true);
      expect((await curator.post(runs, { data: { action: "calibrate" } })).ok()).toBe(true);
      await seeders.waitForStages(builtFamily.id, seeders.CORE_STAGES, GREEN_TIMEOUT_MS);
      await reviews(builtFamily.id);
      expect((await curator.post(`/api/families/${builtFamily.id}/oracle-audit`, { data: {} })).ok()).toBe(true);
      await seeders.waitForStages(builtFamily.id, null, GREEN_TIMEOUT_MS);
    } finally {
      await curator.dispose();
    }
    await use(builtFamily);
  }, { timeout: 2 * GREEN_TIMEOUT_MS }],
  frozenFamily: async ({ greenFamily }, use) => {
    await use({ ...greenFamily, hash: await seeders.freezeAsLead(greenFamily.id) });
  },
});

/** Opens a family from the suites page as people do: its suite, then its title. */
export async function openFamily(page: Page, family: TSeededFamily): Promise<string> {
  await page.goto("/suites");
  await page.getByRole("link", { name: family.suiteName }).click();
  // Exact: the gate dashboard's cells are links named "<title>: <stage> <status>", and with the
  // suite page a prerendered shell the list and the dashboard can arrive together.
  await page.getByRole("link", { name: family.title, exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Family" })).toBeVisible();
  return new URL(page.url()).pathname.replace(/\/$/, "");
}
