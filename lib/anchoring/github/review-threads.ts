// Pure: review comments of a pull request grouped into threads.
import type { TReviewComment } from "./github-schema";

export interface TReviewThread {
  path: string;
  line: number | null;
  /** The opening comment first, then the replies in the order they were written. */
  comments: TReviewComment[];
}

/** Groups review comments into threads by following in_reply_to to the opening comment. */
export function groupReviewThreads(comments: readonly TReviewComment[]): TReviewThread[] {
  const byId = new Map(comments.map((c) => [c.id, c]));
  const rootOf = (comment: TReviewComment): TReviewComment => {
    const seen = new Set<number>();
    let current = comment;
    while (current.inReplyToId !== null && byId.has(current.inReplyToId) && !seen.has(current.id)) {
      seen.add(current.id);
      current = byId.get(current.inReplyToId)!;
    }
    return current;
  };
  const threads = new Map<number, TReviewThread>();
  for (const comment of [...comments].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)) {
    const root = rootOf(comment);
    const thread = threads.get(root.id) ?? { path: root.path, line: root.line ?? root.originalLine, comments: [] };
    thread.comments.push(comment);
    threads.set(root.id, thread);
  }
  return [...threads.values()];
}
