// Pure: issue references in a PR text.
export interface TIssueReference {
  owner: string;
  repo: string;
  number: number;
}

// GitHub's closing keywords, followed by "#12", "owner/repo#12" or an issue URL.
const CLOSING_REFERENCE =
  /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\b:?\s+(?:([\w.-]+)\/([\w.-]+)#(\d+)|#(\d+)|https:\/\/github\.com\/([\w.-]+)\/([\w.-]+)\/issues\/(\d+))/gi;

/** The issues a pull request body says it closes ("Fixes #12"), in order of mention, without repeats. */
export function parseClosingReferences(body: string | null | undefined, owner: string, repo: string): TIssueReference[] {
  const found = new Map<string, TIssueReference>();
  for (const match of (body ?? "").matchAll(CLOSING_REFERENCE)) {
    const ref: TIssueReference = match[4] !== undefined
      ? { owner, repo, number: Number(match[4]) }
      : match[3] !== undefined
        ? { owner: match[1]!, repo: match[2]!, number: Number(match[3]) }
        : { owner: match[5]!, repo: match[6]!, number: Number(match[7]) };
    const key = `${ref.owner}/${ref.repo}#${ref.number}`.toLowerCase();
    if (!found.has(key)) found.set(key, ref);
  }
  return [...found.values()];
}
