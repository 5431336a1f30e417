// Pure: Reads `git log -z --numstat` with COMMIT_LOG_FORMAT incrementally, so a long history is
// parsed while git is still writing it. With -z, paths are never quoted and a rename is
// written as "added\tdeleted\t\0old\0new\0".

export const COMMIT_LOG_FORMAT = "--format=%x1e%H%x1f%P%x1f%an%x1f%ae%x1f%aI%x1f%B%x1f";

export interface TNumstatFile {
  path: string;
  /** Set when git detected a rename or copy. */
  previousPath?: string;
  additions: number;
  deletions: number;
  binary: boolean;
}

export interface TLogCommit {
  sha: string;
  parents: string[];
  authorName: string;
  authorEmail: string;
  /** ISO 8601 author date. */
  date: string;
  message: string;
  files: TNumstatFile[];
}

const NUMSTAT = /^(\d+|-)\t(\d+|-)\t([\s\S]*)$/;

export class CommitLogParser {
  private buffer = "";
  private current: TLogCommit | null = null;
  private rename: { stat: Omit<TNumstatFile, "path">; paths: string[] } | null = null;

  /** Feeds more output; returns the commits completed by it. */
  push(text: string): TLogCommit[] {
    this.buffer += text;
    return this.drain();
  }

  /** Ends the input; returns the last commit. */
  end(): TLogCommit[] {
    const done = this.drain();
    if (this.buffer !== "" || this.rename) throw new Error("git log output ended in the middle of a commit");
    if (this.current) done.push(this.current);
    this.current = null;
    return done;
  }

  private drain(): TLogCommit[] {
    const done: TLogCommit[] = [];
    const text = this.buffer;
    let pos = 0;
    while (pos < text.length) {
      if (!this.rename && text[pos] === "\x1e") {
        const end = text.indexOf("\x1f\0", pos);
        if (end < 0) break;
        if (this.current) done.push(this.current);
        this.current = parseHeader(text.slice(pos + 1, end));
        pos = end + 2;
        continue;
      }
      if (!this.current) throw new Error("git log output does not start with a commit header");
      // A newline separates the header from the first numstat line; numstat lines start with a digit or "-".
      if (!this.rename && text[pos] === "\n") {
        pos++;
        continue;
      }
      const end = text.indexOf("\0", pos);
      if (end < 0) break;
      this.readToken(text.slice(pos, end), this.current);
      pos = end + 1;
    }
    this.buffer = text.slice(pos);
    return done;
  }

  private readToken(token: string, commit: TLogCommit): void {
    if (this.rename) {
      this.rename.paths.push(token);
      if (this.rename.paths.length === 2) {
        const [previousPath, path] = this.rename.paths as [string, string];
        commit.files.push({ path, previousPath, ...this.rename.stat });
        this.rename = null;
      }
      return;
    }
    const match = NUMSTAT.exec(token);
    if (!match) throw new Error(`unexpected numstat line in git log output: ${JSON.stringify(token.slice(0, 80))}`);
    const binary = match[1] === "-";
    const stat = { additions: binary ? 0 : Number(match[1]), deletions: binary ? 0 : Number(match[2]), binary };
    if (match[3] === "") this.rename = { stat, paths: [] };
    else commit.files.push({ path: match[3]!, ...stat });
  }
}

function parseHeader(header: string): TLogCommit {
  const [sha = "", parents = "", authorName = "", authorEmail = "", date = "", ...message] = header.split("\x1f");
  return {
    sha,
    parents: parents === "" ? [] : parents.split(" "),
    authorName,
    authorEmail,
    date,
    message: message.join("\x1f").replace(/\n+$/, ""),
    files: [],
  };
}
