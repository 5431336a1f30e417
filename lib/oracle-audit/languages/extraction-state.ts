// Pure: what every language's test extractor keeps while it walks a test file, and how it ends: the literals
// the test feeds in itself (inputs) are no dependencies. Shared by javascript.ts and python.ts.
import type { TDependency, TSyntaxNode, TTestCase } from "../types";

export interface TExtractionState {
  deps: TDependency[];
  tests: TTestCase[];
  /** Values the test writes outside its assertions (inputs), and constants it also feeds in. */
  supplied: Set<string>;
  /** Every string and number literal of the file: the ones no assertion reads are inputs. */
  literalNodes: TSyntaxNode[];
  /** `expected = "…"` compared later: the constant's value is the expected literal, unless the test also feeds it in. */
  constants: Map<string, TSyntaxNode>;
  /** Uses of each identifier, and how many of them are comparisons: a constant used otherwise is an input. */
  uses: Map<string, number>;
  comparedUses: Map<string, number>;
  /** The constant each dependency was read from. */
  fromConstant: Map<TDependency, string>;
}

export const extractionState = (): TExtractionState => ({
  deps: [], tests: [], supplied: new Set(), literalNodes: [], constants: new Map(), uses: new Map(), comparedUses: new Map(), fromConstant: new Map(),
});

/** Constants also used outside comparisons: inputs the test feeds in. */
export const inputConstants = (s: TExtractionState) => new Set([...s.comparedUses].filter(([name, n]) => (s.uses.get(name) ?? 0) > n).map(([name]) => name));

/** The dependencies left once inputs are known: a literal the test feeds in itself (an input echoed back) is none. */
export function keptDependencies(s: TExtractionState, inputs: ReadonlySet<string>): TDependency[] {
  for (const [d, name] of s.fromConstant) if (inputs.has(name) && d.kind === "literal") s.supplied.add(d.value);
  return s.deps.filter((d) => !(s.fromConstant.has(d) && inputs.has(s.fromConstant.get(d)!)) && (d.kind !== "literal" || !s.supplied.has(d.value)));
}

/**
 * The exact expected strings keptDependencies leaves out because the test writes the same text as an input (an input
 * echoed back): no dependency while the code returns it unchanged, but the classifier keeps one the base demonstrably
 * transforms (gaps10). Call after keptDependencies.
 */
export const echoedDependencies = (s: TExtractionState): TDependency[] =>
  s.deps.filter((d) => d.kind === "literal" && d.match === "exact" && !s.fromConstant.has(d) && s.supplied.has(d.value));


/** A whole long command-line flag (`--scalar`, `--dry-run`) in an argument list a test hands to the code (gaps13). */
export const ARGV_FLAG = /^--[A-Za-z][A-Za-z0-9_-]*$/;
