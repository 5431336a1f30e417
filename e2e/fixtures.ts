import { test as base, expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "specpath-demo";
export const ACCOUNTS = {
  admin: "admin@specpath.test",
  lead: "lead@specpath.test",
  curator: "curator@specpath.test",
  reviewer: "reviewer@specpath.test",
  reviewer2: "reviewer2@specpath.test",
  reviewer3: "reviewer3@specpath.test",
  reviewer4: "reviewer4@specpath.test",
} as const;
export type Account = keyof typeof ACCOUNTS;

/** Signs in through next-auth's credentials endpoint; the page shares the cookie. */
async function signInAs(page: Page, account: Account): Promise<void> {
  const csrf = await (await page.request.get("/api/auth/csrf")).json();
  const res = await page.request.post("/api/auth/callback/credentials", {
    form: { csrfToken: csrf.csrfToken, email: ACCOUNTS[account], password: DEMO_PASSWORD, json: "true" },
  });
  expect(res.ok()).toBe(true);
  const me = await page.request.get("/api/me");
  expect(me.status()).toBe(200);
}

export const test = base.extend<{ signInAs: (account: Account) => Promise<void> }>({
  signInAs: async ({ page }, use) => {
    await use((account) => signInAs(page, account));
  },
});

export { expect };
