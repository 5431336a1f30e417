// The demo accounts the studio seeds on an empty database (lib/db/seed.ts), all with one password.
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
