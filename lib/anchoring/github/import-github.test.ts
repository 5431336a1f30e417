import { afterEach, describe, expect, it } from "vitest";
import { screenCandidate } from "@/lib/anchoring/screening/screen-candidate";
import { clockTime } from "./github-client";
import { GithubImportError, importGithubPullRequests, type TGithubImportProgress } from "./import-github";
import { groupReviewThreads } from "./review-threads";
import { loadExchanges, startReplayServer, type TReplayServer } from "./testing/replay-server";

const FULL_IMPORT = [
  "pulls-page-1", "pulls-page-2", "pull-101-files", "pull-101-comments", "pull-101-diff", "issue-12",
  "pull-103-files", "pull-103-comments", "pull-103-diff",
];

let server: TReplayServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function serve(...names: string[]): Promise<TReplayServer> {
  server = await startReplayServer(await loadExchanges(...names));
  return server;
}

/** A clock that moves only when the importer sleeps. */
function fakeClock(start: number) {
  const sleeps: number[] = [];
  let now = start;
  return {
    sleeps,
    clock: {
      now: () => now,
      sleep: async (ms: number) => {
        sleeps.push(ms);
        now += ms;
      },
    },
  };
}

describe("importGithubPullRequests", () => {
  it("imports every merged pull request across pages, with issue, review comments, files and diff", async () => {
    const { baseUrl, requests } = await serve(...FULL_IMPORT);
    const result = await importGithubPullRequests({ repo: "acme/widgets", auth: "ghp_test", baseUrl, perPage: 2 });

    expect(result.done).toBe(true);
    expect(result.cursor).toEqual({ page: 2, lastNumber: 103 });
    expect(result.pullRequests.map((p) => [p.number, p.author, p.authorIsBot])).toEqual([
      [101, "alice-dev", false],
      [103, "dependabot[bot]", true],
    ]);

    const pr = result.pullRequests[0]!;
    expect(pr).toMatchObject({
      title: "Wrap day-of-week into 0..6 in normalize_day",
      mergedAt: "2024-05-03T14:20:11Z",
      baseSha: "9c1e5b7d2a4f60e8b3d1c7a5e9f0b2d4c6a8e1f3",
      headSha: "4f2a9d8c7b6e5a4d3c2b1a0f9e8d7c6b5a4f3e2d",
      mergeCommitSha: "e7d3c1b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3",
      diffUnavailable: null,
    });
    expect(pr.linkedIssues).toEqual([expect.objectContaining({ number: 12, title: "normalize_day(7) returns 7 instead of wrapping to Monday", state: "closed" })]);
    expect(pr.files).toEqual([
      { path: "src/widgets/time.py", previousPath: null, status: "modified", additions: 3, deletions: 1, binary: false },
      { path: "tests/test_time.py", previousPath: null, status: "added", additions: 7, deletions: 0, binary: false },
      { path: "docs/img/week.png", previousPath: null, status: "added", additions: 0, deletions: 0, binary: true },
    ]);
    expect(pr.diff).toMatch(/^diff --git a\/docs\/img\/week.png/);

    const threads = groupReviewThreads(pr.reviewComments);
    expect(threads.map((t) => [t.path, t.line, t.comments.map((c) => c.author)])).toEqual([
      ["src/widgets/time.py", 15, ["bob-reviews", "alice-dev"]],
      ["tests/test_time.py", 7, ["bob-reviews"]],
    ]);

    const diffRequest = requests.find((r) => r.path === "/repos/acme/widgets/pulls/101" && r.headers.accept?.includes("diff"));
    expect(diffRequest?.headers.accept).toBe("application/vnd.github.v3.diff");
    expect(requests[0]!.headers.authorization).toBe("token ghp_test");
  });

  it("gives the gate what it needs: the bot's lockfile bump fails, the fix passes", async () => {
    const { baseUrl } = await serve(...FULL_IMPORT);
    const { pullRequests } = await importGithubPullRequests({ repo: "acme/widgets", baseUrl, perPage: 2 });
    expect(pullRequests.map((p) => screenCandidate(p).admitted)).toEqual([true, false]);
  });

  it("stops after a batch and resumes from the cursor without repeating work", async () => {
    const { baseUrl, requests } = await serve(...FULL_IMPORT);
    const seen: number[] = [];
    const first = await importGithubPullRequests({
      repo: "acme/widgets", baseUrl, perPage: 2, maxPullRequests: 1,
      onPullRequest: (pr, cursor) => void seen.push(pr.number, cursor.lastNumber ?? 0),
    });
    expect(first).toMatchObject({ done: false, cursor: { page: 1, lastNumber: 101 } });
    expect(seen).toEqual([101, 101]);

    requests.length = 0;
    const rest = await importGithubPullRequests({ repo: "acme/widgets", baseUrl, perPage: 2, cursor: first.cursor });
    expect(rest.pullRequests.map((p) => p.number)).toEqual([103]);
    expect(requests.some((r) => r.path.startsWith("/repos/acme/widgets/pulls/101"))).toBe(false);
  });

  it("carries the cursor of the last finished pull request when the import breaks off", async () => {
    const { baseUrl } = await serve("pulls-page-1", "pulls-page-2", "pull-101-files", "pull-101-comments", "pull-101-diff", "issue-12");
    const error = await importGithubPullRequests({ repo: "acme/widgets", baseUrl, perPage: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GithubImportError);
    expect(error).toMatchObject({
      code: "failed",
      message: expect.stringMatching(/^pull request #103 could not be read: GitHub answered 404/),
      cursor: { page: 2, lastNumber: 102 },
    });
  });

  it("waits out an exhausted rate limit, says until when, and carries on", async () => {
    const { baseUrl } = await serve("rate-limited", ...FULL_IMPORT);
    const reset = 1714990000 * 1000;
    const { clock, sleeps } = fakeClock(reset - 10 * 60 * 1000);
    const progress: TGithubImportProgress[] = [];
    const result = await importGithubPullRequests({ repo: "acme/widgets", baseUrl, perPage: 2, clock, onProgress: (p) => progress.push(p) });

    expect(result.pullRequests).toHaveLength(2);
    expect(sleeps).toEqual([10 * 60 * 1000 + 1000]);
    expect(progress[0]).toEqual({ imported: 0, total: null, message: `waiting for GitHub rate limit until ${clockTime(reset)}` });
    expect(progress.at(-1)!.message).toBe("imported #103 Bump pytest from 8.1.1 to 8.2.0");
  });

  it("waits before the next request when a response says no requests are left", async () => {
    const exchanges = await loadExchanges(...FULL_IMPORT);
    const reset = 1714995000;
    exchanges[0]!.response.headers = { ...exchanges[0]!.response.headers, "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset) };
    server = await startReplayServer(exchanges);
    const { clock, sleeps } = fakeClock(reset * 1000 - 90_000);
    const progress: string[] = [];
    const result = await importGithubPullRequests({ repo: "acme/widgets", baseUrl: server.baseUrl, perPage: 2, clock, onProgress: (p) => progress.push(p.message) });
    expect(result.pullRequests).toHaveLength(2);
    expect(sleeps).toEqual([91_000]);
    expect(progress[0]).toBe(`waiting for GitHub rate limit until ${clockTime(reset * 1000)}`);
    expect(server.requests.filter((r) => r.path === "/repos/acme/widgets/pulls")).toHaveLength(2);
  });

  it("searches with the query and merged date range", async () => {
    const { baseUrl } = await serve("search-merged", "pull-101", "pull-101-files", "pull-101-comments", "pull-101-diff", "issue-12");
    const progress: TGithubImportProgress[] = [];
    const result = await importGithubPullRequests({
      repo: "acme/widgets", baseUrl, query: "normalize", mergedFrom: "2024-05-01", mergedTo: "2024-05-04",
      onProgress: (p) => progress.push(p),
    });
    expect(result.pullRequests.map((p) => [p.number, p.baseSha])).toEqual([[101, "9c1e5b7d2a4f60e8b3d1c7a5e9f0b2d4c6a8e1f3"]]);
    expect(progress.at(-1)).toMatchObject({ imported: 1, total: 1 });
  });

  it("explains a token GitHub rejects or a repository it hides", async () => {
    const { baseUrl } = await serve("unauthorized", "forbidden");
    await expect(importGithubPullRequests({ repo: "acme/widgets", auth: "ghp_expired", baseUrl })).rejects.toMatchObject({
      code: "unauthorized",
      message: "GitHub rejected the token (401 Bad credentials); check that it is valid and not expired",
      cursor: { page: 1, lastNumber: null },
    });
    await expect(importGithubPullRequests({ repo: "acme/internal-tools", baseUrl })).rejects.toMatchObject({
      code: "forbidden",
      message: "the token has no access to acme/internal-tools (403 Resource not accessible by personal access token)",
    });
    await expect(importGithubPullRequests({ repo: "acme/secret", baseUrl })).rejects.toMatchObject({
      code: "not_found",
      message: "acme/secret was not found, or the token cannot see it (404)",
    });
  });

  it("refuses a malformed repository slug before calling GitHub", async () => {
    await expect(importGithubPullRequests({ repo: "not a slug", mergedFrom: "May 1" })).rejects.toMatchObject({
      code: "invalid_request",
      message: expect.stringMatching(/^repo: expected "owner\/name"; mergedFrom: /),
    });
  });
});
