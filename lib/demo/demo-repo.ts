// A small, real git repository for the demo suite and the tests: a secrets module
// whose merged PR splits lookups into required (throws) and optional (null).
// Its history has a lock-file-only change, a docs-only change, and the good PR.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export type DemoRepo = { dir: string; baseCommit: string; mergeCommit: string; headCommit: string };

const BASE_FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "vault-lite", version: "1.0.0", type: "module", scripts: { test: "node --test test/" } }, null, 2) + "\n",
  "src/secrets.js": `const store = new Map();

export function setSecret(name, value) {
  store.set(name, value);
}

export function getSecret(name) {
  return store.get(name);
}
`,
  "test/basic.test.js": `import { test } from "node:test";
import assert from "node:assert/strict";
import { setSecret, getSecret } from "../src/secrets.js";

test("stores and returns a secret", () => {
  setSecret("TOKEN", "abc");
  assert.equal(getSecret("TOKEN"), "abc");
});
`,
  "README.md": "# vault-lite\n\nA tiny secrets store.\n",
};

export const PR_FILES: Record<string, string> = {
  "src/secrets.js": `const store = new Map();

export class SecretNotFoundError extends Error {
  constructor(name) {
    super(\`Secret \${name} is not set\`);
    this.name = "SecretNotFoundError";
  }
}

export function setSecret(name, value) {
  store.set(name, value);
}

export function getSecret(name, options = {}) {
  if (store.has(name)) return store.get(name);
  if (options.optional) return null;
  throw new SecretNotFoundError(name);
}
`,
  "test/secrets.test.js": `import { test } from "node:test";
import assert from "node:assert/strict";
import { setSecret, getSecret, SecretNotFoundError } from "../src/secrets.js";

test("required lookup of a missing secret throws SecretNotFoundError", () => {
  assert.throws(() => getSecret("MISSING_REQUIRED"), SecretNotFoundError);
});

test("optional lookup of a missing secret returns null", () => {
  assert.equal(getSecret("MISSING_OPTIONAL", { optional: true }), null);
});

test("optional lookup of a present secret returns its value", () => {
  setSecret("PRESENT", "v1");
  assert.equal(getSecret("PRESENT", { optional: true }), "v1");
});
`,
};

function git(dir: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync("git", args, {
    cwd: dir,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "Dana Maintainer",
      GIT_AUTHOR_EMAIL: "dana@example.org",
      GIT_COMMITTER_NAME: "Dana Maintainer",
      GIT_COMMITTER_EMAIL: "dana@example.org",
      ...env,
    },
  }).trim();
}

function write(dir: string, files: Record<string, string>) {
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
}

/** Creates the demo repository in `dir` (which must not exist or be empty). */
export function createDemoRepo(dir: string): DemoRepo {
  fs.mkdirSync(dir, { recursive: true });
  git(dir, ["init", "-q", "-b", "main"]);
  write(dir, BASE_FILES);
  git(dir, ["add", "-A"]);
  git(dir, ["commit", "-q", "-m", "Initial secrets store"]);

  write(dir, { "package-lock.json": JSON.stringify({ name: "vault-lite", lockfileVersion: 3, packages: {} }, null, 2) + "\n" });
  git(dir, ["add", "-A"]);
  git(dir, ["commit", "-q", "-m", "chore: refresh lock file"], { GIT_AUTHOR_NAME: "dependabot[bot]", GIT_AUTHOR_EMAIL: "bot@dependabot.com" });

  write(dir, { "docs/usage.md": "# Usage\n\nCall getSecret(name).\n" });
  git(dir, ["add", "-A"]);
  git(dir, ["commit", "-q", "-m", "docs: usage notes"]);
  const baseCommit = git(dir, ["rev-parse", "HEAD"]);

  git(dir, ["checkout", "-q", "-b", "feature/optional-secrets"]);
  write(dir, PR_FILES);
  git(dir, ["add", "-A"]);
  git(dir, ["commit", "-q", "-m", "Split secret lookup into required and optional\n\nFixes #12: a missing required secret now raises SecretNotFoundError;\noptional lookups return null instead."]);
  const headCommit = git(dir, ["rev-parse", "HEAD"]);
  git(dir, ["checkout", "-q", "main"]);
  git(dir, ["merge", "-q", "--no-ff", "-m", "Merge pull request #13 from feature/optional-secrets", "feature/optional-secrets"]);
  const mergeCommit = git(dir, ["rev-parse", "HEAD"]);
  return { dir, baseCommit, mergeCommit, headCommit };
}

export const DEMO_TEST_COMMAND = "node --test --test-reporter=junit --test-reporter-destination=$SPECPATH_REPORT test/";

/** Near-miss and alternative implementations of the PR, for calibration. */
export const DEMO_VARIANTS = {
  // A1 removed: a missing required secret is not an error any more.
  negativeA1: PR_FILES["src/secrets.js"]!.replace("  throw new SecretNotFoundError(name);\n", "  return undefined;\n"),
  // A2 reversed: an optional lookup of a missing secret throws like a required one.
  negativeA2: PR_FILES["src/secrets.js"]!.replace("  if (options.optional) return null;\n", ""),
  alternative: `const store = new Map();

export class SecretNotFoundError extends Error {
  constructor(name) {
    super("Secret " + name + " is not set");
    this.name = "SecretNotFoundError";
  }
}

export function setSecret(name, value) {
  store.set(name, value);
}

export function getSecret(name, { optional = false } = {}) {
  const found = store.get(name);
  if (found !== undefined || store.has(name)) return found;
  if (!optional) throw new SecretNotFoundError(name);
  return null;
}
`,
};

export const DEMO_PROBES = {
  A1: "required lookup of a missing secret throws SecretNotFoundError",
  A2: "optional lookup of a missing secret returns null",
  A3: "optional lookup of a present secret returns its value",
} as const;
