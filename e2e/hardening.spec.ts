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
    await expect(page.getByRole("alert")).toHaveText("Wrong email or password.");
  }
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(/^Too many failed sign-ins; try again in \d+ seconds\.$/);
});
