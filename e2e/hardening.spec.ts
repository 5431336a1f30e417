// Sign-in hardening, in a real browser: sign-in and sign-out stay on the address the
// user typed (127.0.0.1 here, while the harness's public URL says localhost), and
// repeated wrong passwords are throttled with a sentence saying how long to wait.
import { expect, test } from "./fixtures";
import { ACCOUNTS, DEMO_PASSWORD } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const LOOPBACK = `http://127.0.0.1:${PORT}`;

test("sign-in and sign-out on 127.0.0.1 stay on 127.0.0.1", async ({ page }) => {
  await page.goto(`${LOOPBACK}/signin`);
  await page.getByLabel("Email").fill(ACCOUNTS.reviewer2);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("current-user")).toBeVisible();
  expect(new URL(page.url()).host).toBe(`127.0.0.1:${PORT}`);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/signin/);
  expect(new URL(page.url()).host).toBe(`127.0.0.1:${PORT}`);
});

test("wrong passwords are throttled after five tries, and the form says how long to wait", async ({ page }) => {
  await page.goto(`${LOOPBACK}/signin`);
  const email = `nobody-${Date.now()}@specpath.test`;
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.locator("form").getByRole("alert")).toHaveText("Wrong email or password.");
  }
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText(/^Too many failed sign-ins; try again in \d+ seconds\.$/);
});

// Issue #20: a path whose percent-encoding does not decode was a plain-text 500 from Next.js.
test("a path with malformed percent-encoding answers 400: JSON under /api, a page elsewhere", async ({ page }) => {
  for (const bad of ["%E0%A4%A", "%ED%A0%80"]) {
    const api = await page.request.get(`/api/families/${bad}/atoms`);
    expect(api.status()).toBe(400);
    expect(await api.json()).toMatchObject({ code: "INVALID_INPUT", error: expect.stringContaining(bad) });
    const post = await page.request.post(`/api/runs/${bad}`, { data: {} });
    expect(post.status()).toBe(400);
  }
  const res = await page.goto("/families/%E0%A4%A");
  expect(res?.status()).toBe(400);
  await expect(page.getByRole("heading", { name: "Bad request" })).toBeVisible();
});

// Issue #20: rotating X-Forwarded-For once dodged the per-address limit. Sent from 127.0.0.5
// (a loopback address of its own) so the throttle it provokes touches no other test.
test("rotating X-Forwarded-For does not dodge the per-address sign-in limit (no trusted proxy configured)", async () => {
  const http = await import("node:http");
  const send = (method: string, urlPath: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port: PORT, localAddress: "127.0.0.5", method, path: urlPath, headers }, (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (c: string) => (text += c)).on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      });
      req.on("error", reject);
      req.end(body);
    });
  const csrf = await send("GET", "/api/auth/csrf", {});
  const cookie = ([] as string[]).concat(csrf.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
  const stamp = Date.now();
  const attempt = async (i: number) => {
    const form = new URLSearchParams({ csrfToken, email: `rotating-${stamp}-${i}@specpath.test`, password: "guess", json: "true" }).toString();
    const res = await send("POST", "/api/auth/callback/credentials", {
      cookie, "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(form)), "x-forwarded-for": `198.51.100.${i}`,
    }, form);
    return decodeURIComponent(res.text);
  };
  for (let i = 0; i < 20; i++) expect(await attempt(i)).not.toMatch(/Too many failed sign-ins/);
  expect(await attempt(20)).toMatch(/Too many failed sign-ins/);
  // Counted against the TCP peer the web server recorded, not an "unknown" shared by everyone.
  const pg = (await import("pg")).default;
  const { e2eDatabaseUrl } = await import("./database-url");
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ client: string }>(
      `SELECT DISTINCT after->>'client' AS client FROM "AuditEvent" WHERE action LIKE 'user.sign_in_%' AND "entityId" LIKE 'rotating-%' AND "createdAt" >= to_timestamp($1 / 1000.0) - interval '5 seconds'`,
      [stamp],
    );
    expect(rows.map((r) => r.client)).toEqual(["127.0.0.5"]);
  } finally {
    await client.end();
  }
});
