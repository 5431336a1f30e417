// Pure: the labeled corpus's shape.
export interface TCorpusLabel {
  kind: "path" | "name" | "literal";
  value: string;
  /** The truth: an agent with this text and the base could not know it. */
  hidden: boolean;
  note?: string;
}

export interface TCorpusCase {
  name: string;
  base: Record<string, string>;
  /** Files gold adds or rewrites (whole contents), over the base. */
  gold: Record<string, string>;
  tests: Record<string, string>;
  text: string;
  labels: TCorpusLabel[];
}
