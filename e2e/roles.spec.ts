import { test, expect } from "./fixtures";

test("a curator signs in through the form and lands on the suites", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/signin/);
  await page.getByLabel("Email").fill("curator@specpath.test");
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Wrong email or password.")).toBeVisible();
  await page.getByLabel("Password").fill("specpath-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/suites$/);
  await expect(page.getByRole("link", { name: "specpath-demo" })).toBeVisible();
  await page.getByRole("link", { name: "specpath-demo" }).click();
  await page.getByRole("link", { name: "Required and optional secret lookup", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Required and optional secret lookup" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Family" })).toBeVisible();
  await expect(page.locator('[data-stage="anchoring"]')).toContainText("in progress");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(["Suites & families"]);
});

test("a reviewer sees only the inbox and is refused curator pages and APIs", async ({ page, signInAs }) => {
  await signInAs("reviewer");
  await page.goto("/");
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(["Review inbox"]);
  await page.goto("/suites");
  await expect(page).toHaveURL(/\/forbidden$/);
  const api = await page.request.get("/api/suites");
  expect(api.status()).toBe(403);
  expect((await api.json()).error).toMatch(/curator/);
});

// The family tabs are prerendered shells (no session read while rendering): the refusal is the
// server's, in proxy.ts, before any page or data is sent; the family's own API refuses as well.
test("the server refuses a reviewer a curator page: a redirect to the forbidden page, no family data sent", async ({ page, signInAs, family }) => {
  await signInAs("reviewer");
  for (const tab of ["", "/atoms", "/runs", "/histories", "/evidence"]) {
    const res = await page.request.get(`/families/${family.id}${tab}`, { maxRedirects: 0 });
    expect(res.status(), tab).toBe(307);
    expect(new URL(res.headers()["location"]!, "http://x").pathname).toBe("/forbidden");
    expect(await res.text()).not.toContain(family.title);
  }
  // A client-side navigation asks for the RSC payload: refused alike.
  const rsc = await page.request.get(`/families/${family.id}/atoms`, { maxRedirects: 0, headers: { rsc: "1" } });
  expect(rsc.status()).toBe(307);
  expect((await page.request.get(`/api/families/${family.id}`)).status()).toBe(403);
  await page.goto(`/families/${family.id}/atoms`);
  await expect(page).toHaveURL(/\/forbidden$/);
  await expect(page.locator("body")).not.toContainText(family.title);
});

test("a signed-out visitor asking for a family tab is sent to sign in by the server", async ({ request, family }) => {
  const res = await request.get(`/families/${family.id}/histories`, { maxRedirects: 0 });
  expect(res.status()).toBe(307);
  expect(new URL(res.headers()["location"]!, "http://x").pathname).toBe("/signin");
});

test("a lead reaches the console and filters the audit log", async ({ page, signInAs }) => {
  await signInAs("lead");
  await page.goto("/");
  await expect(page).toHaveURL(/\/console$/);
  await page.getByRole("link", { name: "Audit log" }).first().click();
  await expect(page.getByTestId("audit-table")).toContainText("user.sign_in");
  await page.getByLabel("Action").selectOption("demo.seed");
  await expect(page.getByTestId("audit-table").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId("audit-table")).toContainText("demo.seed");
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/forbidden$/);
});

test("an admin changes a user's roles and the change is audited", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto("/");
  await expect(page).toHaveURL(/\/admin\/users$/);
  const box = page.getByLabel("reviewer2@specpath.test curator");
  await expect(box).not.toBeChecked();
  await box.click(); // controlled, optimistic checkbox: its new state lands a tick after the click
  await expect(box).toBeChecked();
  await page.reload();
  await expect(page.getByLabel("reviewer2@specpath.test curator")).toBeChecked();
  await page.goto("/console/audit-log");
  await page.getByLabel("Action").selectOption("user.update_roles");
  await expect(page.getByTestId("audit-table")).toContainText("user.update_roles");
});

test("an admin stores the GitHub token for imports without it ever being shown again", async ({ page, signInAs }) => {
  await signInAs("admin");
  await page.goto("/admin/settings");
  await expect(page.getByText("Token: not configured")).toBeVisible();
  await page.getByLabel("Token (write-only)").fill("ghp_e2e_secret");
  await page.getByRole("button", { name: "Save token" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved.");
  await expect(page.getByText("Token: set here")).toBeVisible();
  await page.reload();
  await expect(page.locator("body")).not.toContainText("ghp_e2e_secret");
  await page.getByLabel("Token (write-only)").fill("");
  await page.getByRole("button", { name: "Save token" }).click();
  await expect(page.getByText("Token: not configured")).toBeVisible();
});

test("signed-out API calls get 401 as JSON", async ({ request }) => {
  const res = await request.get("/api/me");
  expect(res.status()).toBe(401);
  expect(await res.json()).toMatchObject({ code: "UNAUTHENTICATED" });
});
