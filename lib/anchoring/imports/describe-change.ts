import "server-only";
// The pull request behind a commit on the default branch, read from commit messages:
// GitHub writes "Merge pull request #13 from branch" with the PR title as the body,
// squash merges end their subject with "(#13)".
import { gitIn } from "@/lib/runner/mirror";

export type TChangeText = { title: string; body: string; prNumber: number | null };

const MERGE_SUBJECT = /^Merge pull request #(\d+)\b/;
const SQUASH_SUFFIX = /\(#(\d+)\)\s*$/;

function split(message: string): { subject: string; rest: string } {
  const trimmed = message.trim();
  const newline = trimmed.indexOf("\n");
  if (newline < 0) return { subject: trimmed, rest: "" };
  return { subject: trimmed.slice(0, newline).trim(), rest: trimmed.slice(newline + 1).trim() };
}

export function prNumberOf(subject: string): number | null {
  const match = MERGE_SUBJECT.exec(subject) ?? SQUASH_SUFFIX.exec(subject);
  return match ? Number(match[1]) : null;
}

/** Title and description of a change; a merge without a body borrows them from the merged branch's tip. */
export function describeChange(message: string, isMerge: boolean, headMessage?: string): TChangeText {
  const { subject, rest } = split(message);
  const prNumber = prNumberOf(subject);
  if (!isMerge) return { title: subject, body: rest, prNumber };
  if (rest) {
    const inner = split(rest);
    const fallback = headMessage ? split(headMessage).rest : "";
    return { title: inner.subject, body: inner.rest || fallback, prNumber };
  }
  if (headMessage) {
    const head = split(headMessage);
    return { title: head.subject || subject, body: head.rest, prNumber };
  }
  return { title: subject, body: "", prNumber };
}

const CHUNK = 200;

/** Full messages of many commits, a few git calls in all. */
export async function readCommitMessages(repoPath: string, shas: readonly string[]): Promise<Map<string, string>> {
  const messages = new Map<string, string>();
  const unique = [...new Set(shas)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const out = await gitIn(repoPath, ["log", "--no-walk=unsorted", "--format=%x1e%H%x1f%B", ...unique.slice(i, i + CHUNK), "--"]);
    for (const record of out.split("\x1e")) {
      const sep = record.indexOf("\x1f");
      if (sep < 0) continue;
      messages.set(record.slice(0, sep).trim(), record.slice(sep + 1).trimEnd());
    }
  }
  return messages;
}
