// Pure: a parsed source file as plain data — what tree-sitter's tree becomes once, so the
// oracle audit's extractors and the negative miner read it without the parser.

/** A syntax tree node as plain data (the loader converts tree-sitter's tree once). */
export interface TSyntaxNode {
  type: string;
  /** The field name under which the parent holds this node, if any. */
  field: string | null;
  start: number;
  end: number;
  /** 0-based line of the node's first character. */
  row: number;
  named: boolean;
  children: TSyntaxNode[];
}

export interface TParsedFile {
  path: string;
  source: string;
  root: TSyntaxNode;
  /** The parser found syntax errors. */
  hasError: boolean;
}
