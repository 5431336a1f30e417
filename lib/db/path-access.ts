// Pure: can a given user traverse every folder on the way to a path? (Used to run
// PostgreSQL as the `postgres` user when the studio is started as root.)
export type TRunAs = { uid: number; gid: number; groups: number[] };
export type TStat = { mode: number; uid: number; gid: number; isDirectory: () => boolean };

/** The folders that must be searchable (x) to reach `target`, outermost first, `target` excluded. */
export function ancestors(target: string): string[] {
  const parts = target.split("/").filter(Boolean);
  const out = ["/"];
  for (let i = 1; i < parts.length; i++) out.push("/" + parts.slice(0, i).join("/"));
  return out;
}

export function canTraverse(stat: Pick<TStat, "mode" | "uid" | "gid">, user: TRunAs): boolean {
  if (user.uid === 0) return true;
  if (stat.uid === user.uid) return (stat.mode & 0o100) !== 0;
  if (stat.gid === user.gid || user.groups.includes(stat.gid)) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

/** The first folder on the way to `target` that `user` cannot pass, or null; missing folders end the walk. */
export function blockingAncestor(target: string, user: TRunAs, stat: (p: string) => TStat | null): string | null {
  for (const dir of ancestors(target)) {
    const s = stat(dir);
    if (!s) return null; // created later by root, with modes we choose
    if (!canTraverse(s, user)) return dir;
  }
  return null;
}
