// Pure: which file of a diff the evidence view opens first.

type TPickable = { path: string; inSlice: boolean; kind: string };

/** The file named (e.g. `?file=…` in the page's URL), else the first source file in the slice, else the first file. */
export function pickFile<T extends TPickable>(files: readonly T[], path: string | null): T | null {
  return files.find((f) => f.path === path) ?? files.find((f) => f.inSlice && f.kind === "source") ?? files[0] ?? null;
}
