// Pure: the shapes the specification–oracle audit passes between extractors, the
// language-independent core and the classifier. Plain data, shared by the worker,
// the server and the browser.

/** The parsed file and its plain syntax tree are lib/syntax's (the negative miner reads them too). */
export type { TParsedFile, TSyntaxNode } from "@/lib/syntax/types";

export type TDependencyKind = "path" | "name" | "literal";
/** How the test compares a literal: exactly, as a substring, or as a regular expression. */
export type TLiteralMatch = "exact" | "contains" | "regex";

export interface TDependency {
  kind: TDependencyKind;
  /** The module specifier (path), the identifier (name) or the literal's value. */
  value: string;
  /** Names: the module specifier they come from, as written in the test. */
  module: string | null;
  /** Names: the class of the instance the method is called on, when the test constructs it. */
  owner: string | null;
  /** import | require | mock | dynamic-import | member | method | property | option | argument | assert | raises */
  via: string;
  match: TLiteralMatch | null;
  /** Regular expressions: the flags written after the pattern (`i`, `m`, …). */
  flags?: string | null;
  /** 1-based line in the test file, and that line's text: the evidence. */
  line: number;
  text: string;
  /** The enclosing test's name; null for module level (imports). */
  test: string | null;
  /** The enclosing test's line (its TTestCase.line): which test, when two share a name. */
  testLine?: number | null;
  /** A value of one row of a parametrized test (`@pytest.mark.parametrize`, `test.each`): it fails that row's ids. */
  parametrized?: boolean;
  /** A type-only import (`import type`, `import { type X }`): erased at run time, so it fails no probe. */
  typeOnly?: boolean;
  /**
   * A part of an expected value built by concatenation (`'[ ' + expected + ' ]'`): the whole strings it makes (each
   * value a variable of the expression can hold put in its place). The part is judged by them.
   */
  wholes?: string[];
  /**
   * A named ES import: the lines of the tests that read its binding, when every read is inside a test (a missing
   * export is `undefined` there under vitest's or jest's transform, so only those tests fail).
   */
  readIn?: number[];
  /** A member read off a module into a local (`const isEmpty = require('../lib/util').isEmpty`): `undefined` where missing, under any runner. */
  readOffModule?: boolean;
  /** A bound (`<=`, `assertLessEqual`) on a count the test keeps itself (`hash_count += 1` in its own code). */
  counterBound?: boolean;
  /** A value the test expects only in a browser (`typeof window === 'undefined' ? … : value`): Node never compares it. */
  browserOnly?: boolean;
  /**
   * An expected value only the base run shows: a literal the test file writes, printed as expected (never as the
   * code's value) by a failure of this test on the base, where the extractor found no comparison. Never the test's input.
   */
  observed?: boolean;
  /** An option passed as `false`, `0`, `null`, `undefined` or `''`: what an option the code does not read already is. */
  falsy?: boolean;
  /**
   * A positional argument whose value the test shows does not decide the result: in the same suite it expects the same
   * output from the same call with that argument omitted or different (the base, ignoring it, gives the same).
   */
  undecided?: boolean;
}

export interface TTestCase {
  /** The test's own name (the last part of a probe id). */
  name: string;
  /** Enclosing describe / class names, outermost first. */
  suites: string[];
  line: number;
  /** A subtest (`t.test` inside a test): its parents are in `suites`, and tape names it by itself. */
  subtest?: boolean;
  /** The test asserts that the code throws or rejects (`assert.throws`, `expect(…).toThrow`, `pytest.raises`). */
  expectsThrow?: boolean;
  /** The test asserts that the code does not throw (`t.doesNotThrow`, `expect(…).not.toThrow`). */
  expectsNoThrow?: boolean;
}

export interface TTestExtraction {
  file: string;
  language: string;
  tests: TTestCase[];
  dependencies: TDependency[];
  /** Every literal the test file itself writes outside its assertions (a test-supplied value). */
  suppliedLiterals: string[];
  /** Those it writes more than once outside its assertions (an input the test also expects back, say). */
  suppliedTwice?: string[];
  /** Keys of the objects it hands to a call other than an assertion (JavaScript): words of its input too. */
  suppliedKeys?: string[];
  /**
   * Functions the test writes and hands to a call (`merge.extend((obj, key, val, path) => …)`): the callee's name,
   * the argument's position, the callback's parameters and which of them its body reads, and the test it stands in.
   */
  callbacks?: { owner: string; position: number; params: string[]; reads: string[]; testLine: number | null }[];
  /** Statements (first and last line) where the test's own code serializes JSON (`JSON.stringify`; gaps7). */
  jsonSerialized?: [number, number][];
  /**
   * Exact expected strings the test also feeds in (an input echoed back), left out of `dependencies`: the classifier
   * keeps one only where the base demonstrably transforms it and gold does not (gaps10).
   */
  echoed?: TDependency[];
}

export interface TDefinedClass {
  name: string;
  /** Extended or implemented types, as written. */
  heritage: string[];
  /** Whether a heritage type is imported from a package outside the repository. */
  externalHeritage: boolean;
  methods: string[];
}

/** What one non-test source file defines. */
export interface TFileDefinitions {
  file: string;
  names: string[];
  /** `Class.method`, `fn.property`, `Interface.member`. */
  qualified: string[];
  classes: TDefinedClass[];
  /** Parameter counts of top-level functions and of `X.prototype.m` methods as `X.m` (null: takes rest parameters). */
  arity: Record<string, number | null>;
  /** Parameter names of top-level functions, in order. */
  params: Record<string, string[]>;
  strings: string[];
  /** Template literals as their static parts, in order. */
  templates: string[][];
  numbers: string[];
  /** Properties the code reads (`options.optional`, keyword arguments): how a new option shows up. */
  properties: string[];
  /** Keys the code writes in object literals (`{ empty: … }`, `{ 'parse-numbers': true }`): names it recognises. */
  keys?: string[];
  /** Words a regular expression of the code matches whole, as alternatives (`/^(a|an|is)$/i`): data the code holds. */
  matchWords?: string[];
  /** Identifiers the code's types spell as string literal types (`Omit<typeof X, "matchesGlob">`). */
  typeNames?: string[];
  /** Documentation strings (Python docstrings): examples of what the code gives, not producers. */
  docs?: string[];
  /** The separator of each `.join(sep)` the code writes, one entry per call (`[name, ...aliases].join(", ")`; gaps5). */
  joins?: string[];
  /** JavaScript: each regular-expression literal of the code as `[pattern, flags]` (gaps9): what it transforms. */
  patterns?: [string, string][];
  /** JavaScript: the function named as the replacement of each `.replace(x, fn)` / `.replaceAll(x, fn)` (`encodeURI`; gaps9). */
  replacers?: string[];
  /** The text each `.replace(x, "")` (`.replaceAll`) removes, one entry per call: what the code drops (gaps9). */
  removals?: string[];
  /**
   * Python: keywords a function picks by name out of its `**kwargs` (`kwargs.pop("x", …)`, `.get("x")`, `kwargs["x"]`),
   * keyed as `arity` is (a class's `__init__` under the class). Only functions that pick at least one are listed (gaps6).
   */
  kwargsKeys?: Record<string, string[]>;
  /**
   * The class a top-level function returns: Python, where each of its returns is `return Cls(…)` (gaps8). Where it
   * returns one local or object it attaches members to (JavaScript `d.cancel = …`, `Object.assign(d, {…})`, a returned
   * object literal of functions; Python `inner.cancel = …`), the pseudo-class `fn()`, whose members are `fn().m` in
   * `qualified` (gaps11).
   */
  returnsClass?: Record<string, string>;
  /** The one type a top-level function declares it returns, where it also attaches members (`mitt(): Emitter<E>`): a member of the result is that type's where a tree defines it there. */
  returnsType?: Record<string, string>;
  /** Python: a module-level name bound to an instance of a class (`ic = IceCreamDebugger()`): its members are the class's. */
  instanceOf?: Record<string, string>;
  /** Python: the class a method binds an instance attribute to (`self.inline = ParserInline()` in `MarkdownIt`): `MarkdownIt.inline` → `ParserInline`. */
  attributeClass?: Record<string, string>;
  /** How many arguments the code passes, at most, where it calls one of its functions' parameters (`merger(a, b, c)`). */
  parameterCalls?: Record<string, number>;
  /** Strings the code writes only to transform before anything reads them (`x = "a" + t; x = f(x)`): no output as they are. */
  transient?: string[];
  /** Re-exports everything of another module (`export *`). */
  reexportsAll: boolean;
  /**
   * Modules whose exports this one passes on, as written: `export * from`, `module.exports = require(…)`,
   * `Object.assign(module.exports | fn, require(…))`, `{ ...require(…) }`, Python `from x import *`.
   */
  reexports: string[];
  /** Python `__all__`: the names `from this import *` passes on (null: every public name). */
  all: string[] | null;
  /** package.json: the files its `main`, `module`, `types` and `exports` name (relative to its folder). */
  mains?: string[];
  /** A file named like a test (`tests/test_lib.py`, `pkg/test_tools.py`), read only as the module a test imports from
   * (gaps7): what it defines is that module's, never a source's anywhere else. */
  testModule?: boolean;
  /** package.json: the test tools it lists (`vitest`, `jest`, `ts-jest`, …) and jest's `preset`. */
  tools?: string[];
  /** `Object.assign(Target.prototype | Target, require(spec))`: members Target gains from another module. */
  mixins?: { target: string; spec: string }[];
  /** Line of each defined name (1-based), for evidence. */
  lines: Record<string, number>;
  /**
   * Modules this one loads (`require`, `import`, `export … from`), as written; undefined where the language's
   * extractor does not record them (then what the file reaches is unknown).
   */
  imports?: string[];
  /** Local names bound to a loaded module (a `var stringify = require(…)` or a named ES import of a relative module). */
  importBindings?: Record<string, string>;
}

/** A tree's definitions: the files it holds and what each defines. */
export interface TTreeDefinitions {
  files: string[];
  definitions: TFileDefinitions[];
}

export type TCategory = "visible" | "specified" | "inferable" | "hidden";

export interface TLocation {
  file: string;
  line: number | null;
}

/** Why a dependency got its class: where the base or gold defines or writes it, and what the history says. */
export interface TDependencyEvidence {
  base: TLocation | null;
  gold: TLocation | null;
  /** The history's words that state it (an excerpt), when it is specified. */
  history: string | null;
  /** Literals: text gold writes that produces it (a string, or a template's fixed parts); arguments: the parameter's name. */
  producer: string | null;
}

export interface TClassifiedDependency {
  dependency: TDependency;
  category: TCategory;
  reason: string;
  /** Where gold defines it (file and line), for hidden and specified ones. */
  definedAt: { file: string; line: number | null } | null;
  evidence: TDependencyEvidence;
}

export interface TNotAudited {
  file: string;
  reason: string;
}

/**
 * One hidden test that did not pass on the base (the calibration run of the base patch, or the corpus's recorded
 * run): the runner's failure message and text, which show what an assertion expected and what the base gave.
 */
export interface TBaseFailure {
  probe: string;
  outcome: string;
  message: string | null;
  detail: string | null;
}
