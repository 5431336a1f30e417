import type { Locator, Page } from "@playwright/test";
import { test, expect, openFamily } from "./fixtures";

// Each journey works on a demo-shaped family of its own, not the shared demo family.

// A curator builds the demo family's seven histories: scaffold, rewrite, break
// override on purpose and see the replay panel and the path gate name the turn,
// fix it, pad length_matched to cancellation, request the replay runs.
const TEXT: Record<string, string[]> = {
  direct: ["When a secret is missing, a required lookup must fail with SecretNotFoundError and an optional lookup must give back null."],
  duplicate: [
    "When a secret is missing, a required lookup must fail with SecretNotFoundError and an optional lookup must give back null.",
    "Just to be clear, nothing new: missing and required means SecretNotFoundError, missing and optional means null.",
  ],
  split: [
    "If a required secret is not set, getSecret must fail with SecretNotFoundError.",
    "Also, when the caller marks the lookup optional and the secret is absent, hand back null.",
  ],
  override: [
    "For now, looking up a secret that is not set should simply give an empty string.",
    "Change of plan: a required lookup of an unset secret fails with SecretNotFoundError, and an optional one gives null.",
  ],
  cancellation: [
    "Unset secrets: required lookups fail with SecretNotFoundError, optional lookups give null, and log nothing else; plain lookups give an empty string.",
    "Forget the empty-string fallback entirely.",
  ],
  paraphrase_direct: ["If the secret is absent, raise SecretNotFoundError for a required lookup and return null for an optional one."],
};

const editor = (page: Page) => page.getByTestId("history-editor");
const turn = (page: Page, n: number): Locator => editor(page).getByRole("region", { name: `Turn ${n}`, exact: true });
const openTab = async (page: Page, condition: string) => {
  await page.getByTestId(`tab-${condition}`).click();
  await expect(editor(page)).toHaveAttribute("data-condition", condition);
};
const save = async (page: Page) => {
  await editor(page).getByRole("button", { name: "Save", exact: true }).click();
  await expect(editor(page).getByRole("status").filter({ hasText: /^Saved revision/ })).toBeVisible();
};

test("a curator scaffolds, writes, breaks and fixes the demo family's histories", async ({ page, signInAs, family }) => {
  test.setTimeout(360_000);
  await signInAs("curator");
  await openFamily(page, family);
  await page.getByRole("navigation", { name: "Family" }).getByRole("link", { name: "Histories" }).click();
  await expect(page).toHaveURL(/\/histories$/);
  await expect(editor(page)).toContainText("There is no direct history yet");

  // Scaffold: every condition gets the engine's draft trace and placeholder text.
  await page.getByRole("button", { name: "Scaffold" }).click();
  await expect(page.getByTestId("scaffold-result")).toContainText("Scaffolded direct, duplicate, split, override, cancellation, paraphrase_direct, length_matched");
  await expect(page.getByTestId("history-preview")).toContainText("[draft] State the whole request at once");
  // Monaco loads from the bundle (no CDN); then the curator switches to plain text for typing.
  await expect(turn(page, 1).locator('[data-editor="monaco"]')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Plain text editor").check();

  // Rewrite every placeholder; the live check clears the draft warnings as the curator types.
  for (const [condition, texts] of Object.entries(TEXT)) {
    await openTab(page, condition);
    for (const [i, text] of texts.entries()) await turn(page, i + 1).getByLabel(`Turn ${i + 1} text`).fill(text);
    await expect(page.getByTestId("replay-panel")).not.toContainText("placeholder text");
    await save(page);
  }

  // Break override: the replacement arrives one turn too late.
  await openTab(page, "override");
  await turn(page, 2).getByRole("button", { name: "Add a turn below (turn 2)" }).click();
  await turn(page, 2).getByLabel("Turn 2 text").fill("Change of plan: drop the empty string.");
  await turn(page, 3).getByLabel("Turn 3 text").fill("A required lookup of an unset secret fails with SecretNotFoundError, and an optional one gives null.");
  for (const key of ["A1", "A2"]) {
    await turn(page, 2).getByRole("button", { name: `Remove ${key} from activated in turn 2` }).click();
    await turn(page, 3).getByLabel("Add an atom to activated in turn 3").selectOption(key);
  }
  const violation = /Turn 2 deactivates A4 without activating a final atom to replace it/;
  await expect(page.getByTestId("structure-violations")).toContainText(violation);
  await expect(turn(page, 2)).toContainText(violation);
  await expect(page.getByTestId("active-after-2")).toHaveText("∅");
  await save(page);
  const structureGate = page.locator('[data-gate="structure"]');
  await expect(structureGate.locator(".chip")).toHaveText("fail");
  await expect(structureGate).toContainText(/override: Turn 2 deactivates A4 without activating a final atom/);

  // Fix it: merge turn 2 with the next one from the keyboard.
  await turn(page, 2).getByLabel("Turn 2 text").focus();
  await page.keyboard.press("Alt+Shift+J");
  await expect(turn(page, 3)).toHaveCount(0);
  await expect(page.getByTestId("replay-verdict")).toHaveText("replays to C*");
  await expect(page.getByTestId("replay-panel")).not.toContainText("Structure violations");
  await page.keyboard.press("Control+s");
  await expect(editor(page).getByRole("status").filter({ hasText: /^Saved revision/ })).toBeVisible();
  await expect(structureGate.locator(".chip")).toHaveText("pass");

  // length_matched: re-pad to cancellation's exact turn and whitespace-token count.
  await openTab(page, "length_matched");
  await expect(page.getByTestId("length-match")).toBeVisible();
  await page.getByRole("button", { name: "Re-pad" }).click();
  const target = await page.getByTestId("cancellation-tokens").textContent();
  await expect(page.getByTestId("length-tokens")).toHaveText(target!);
  await expect(page.getByTestId("replay-panel")).not.toContainText("length_matched has");
  await save(page);
  for (const gate of ["present", "replay", "structure", "paraphrase", "length_match"]) {
    await expect(page.locator(`[data-gate="${gate}"] .chip`)).toHaveText("pass");
  }

  // Preview: only visible text, as the protocol renders it.
  await expect(page.getByTestId("history-preview")).toContainText("## Message 1");
  await expect(page.getByTestId("history-preview").locator("pre")).not.toContainText(/A[1-4]\b|activated/);
  await expect(page.getByTestId("exposure-plot").locator("g[data-condition]")).toHaveCount(7);
  // Exposure measures M*: the fixed atom is given in every history, so a complete direct history reaches 100%.
  await expect(page.getByTestId("exposure-plot").locator('g[data-condition="direct"] title')).toHaveText("direct: 0% → 100%");

  // Replay: the fixed patches under the five core histories are queued (and run by the workers).
  await page.getByRole("button", { name: "Run replay" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Requested \d+ run/ })).toBeVisible();
  await expect(page.getByTestId("replay-counts")).not.toHaveText(/^0 queued · 0 running · 0 finished/);
  // base, gold and the demo's two negatives, each under the five core histories, run by the worker pool.
  await expect(page.getByTestId("replay-matrix").locator("tbody tr")).toHaveCount(4);
  await expect(page.getByTestId("replay-counts")).toHaveText(/^0 queued · 0 running · 20 finished$/, { timeout: 180_000 });
  await expect(page.getByTestId("replay-matrix").locator("tbody")).not.toContainText(/unequal|incomplete/);
  await expect(page.locator('[data-gate="replay_signatures"] .chip')).toHaveText("pass");
});

// On a fully built family of its own, whose direct history is written (revision 1, a draft).
test("a revision sent to review is immutable; editing opens the next revision", async ({ page, signInAs, builtFamily }) => {
  test.setTimeout(120_000);
  await signInAs("curator");
  await openFamily(page, builtFamily);
  await page.getByRole("navigation", { name: "Family" }).getByRole("link", { name: "Histories" }).click();
  await page.getByLabel("Plain text editor").check();
  await openTab(page, "direct");
  await editor(page).getByRole("button", { name: "Send to review" }).click();
  await editor(page).getByRole("button", { name: "Send and freeze" }).click();
  await expect(page.getByTestId("revision-status")).toHaveText("in review");
  await expect(turn(page, 1).getByLabel("Turn 1 text")).toHaveAttribute("readonly", "");
  await editor(page).getByRole("button", { name: "Edit as revision 2" }).click();
  await expect(editor(page)).toContainText("Revision 2");
  await expect(page.getByTestId("revision-status")).toHaveText("draft");
  await turn(page, 1).getByLabel("Turn 1 text").fill(TEXT.paraphrase_direct![0]!.replace("absent", "not set"));
  await save(page);
  await expect(page.getByTestId("revision-diff")).toContainText("Revision 1 → revision 2: 1 of 1 turn(s) differ");
  await expect(page.getByTestId("revisions")).toContainText("in review");

  // Someone else saves revision 2 behind this editor's back: the stale save gets 409 and the current copy is shown.
  const familyId = new URL(page.url()).pathname.split("/")[2]!;
  const url = `/api/families/${familyId}/histories/direct/revisions/2`;
  const theirs = await (await page.request.get(url)).json();
  const turns = [{ ...theirs.turns[0], text: "Someone else's wording: required lookups fail with SecretNotFoundError, optional ones give null." }];
  expect((await page.request.put(url, { data: { version: theirs.version, turns } })).status()).toBe(200);
  await turn(page, 1).getByLabel("Turn 1 text").fill("My competing wording of the same request, which must not silently win.");
  await editor(page).getByRole("button", { name: "Save", exact: true }).click();
  const conflict = page.getByTestId("conflict");
  await expect(conflict).toContainText("changed by someone else");
  await conflict.getByText("Their copy").click();
  await expect(conflict).toContainText("Someone else's wording");
  await conflict.getByRole("button", { name: "Load their version (drop mine)" }).click();
  await expect(turn(page, 1).getByLabel("Turn 1 text")).toHaveValue(/^Someone else's wording/);
});
