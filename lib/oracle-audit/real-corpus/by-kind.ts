// Pure: the kinds of dependency the real corpus's figures are split by — names, a function's
// keywords and arguments, paths, literals — so they say which kind the audit gets wrong.
export const DEPENDENCY_KINDS = ["name", "keyword or argument", "path", "literal"] as const;
export type TDependencyKind = (typeof DEPENDENCY_KINDS)[number];
export const KIND_PLURALS: Record<TDependencyKind, string> = { name: "names", "keyword or argument": "keywords and arguments", path: "paths", literal: "literals" };

/** A name a function owns (`parse#2`, `fn(kw=…)`, an option) is a keyword or argument; other names are names. */
export const kindOf = (d: { kind: string; owner?: string | null }): TDependencyKind | null => {
  if (d.kind === "name") return d.owner ? "keyword or argument" : "name";
  return d.kind === "path" || d.kind === "literal" ? d.kind : null;
};
