// Pure: JavaScript (and, through typescript.ts, TypeScript) extractor over tree-sitter's
// javascript / typescript / tsx trees: test dependencies (source definitions: javascript-definitions.ts).
import { sourceLanguage } from "@/lib/syntax/languages";
import type { TLanguage } from "../language";
import { field, lineOf, named, textOf, walk } from "../syntax";
import { importReaders } from "./import-readers";
import { ARGV_FLAG, echoedDependencies, extractionState, inputConstants, keptDependencies } from "./extraction-state";
import { extractJavaScriptDefinitions, parameterNames, resolveScriptModule } from "./javascript-definitions";
import { heldBindings, heldValue } from "./javascript-held-values";
import { args, isInsideImport, numberText, requireOf, stringValue, templateParts, unwrap } from "./javascript-syntax";
import type { TDependency, TLiteralMatch, TParsedFile, TSyntaxNode, TTestExtraction } from "../types";

const TEST_FUNCS = new Set(["test", "it", "specify", "tape"]);
const SUITE_FUNCS = new Set(["describe", "suite", "context"]);
const EXACT_ASSERT = new Set(["equal", "strictEqual", "deepEqual", "deepStrictEqual", "notEqual", "notStrictEqual", "notDeepStrictEqual", "is", "same"]);
// jest / vitest matchers, and chai's (`expect(x).to.equal(…)`, `.to.include(…)`, `.to.throw(…)`).
const EXPECT_EXACT = new Set(["toBe", "toEqual", "toStrictEqual", "toMatchObject", "toHaveBeenCalledWith", "toHaveBeenLastCalledWith", "toBeCalledWith", "lastCalledWith", "toHaveBeenNthCalledWith", "nthCalledWith", "equal", "equals", "eql", "members", "toMatchInlineSnapshot"]);
const EXPECT_CONTAINS = new Set(["toThrow", "toThrowError", "toContain", "toMatch", "rejects", "toHaveProperty", "include", "includes", "contain", "contains", "match", "throw", "throws", "string"]);
/** Assertion objects: node's assert, tape's t / st / tt. */
const ASSERTERS = new Set(["assert", "t", "st", "tt"]);
// should.js matchers (`x.should.equal(v)`, `.eql`, `.be.exactly`; `.containEql`, `.startWith`, `.endWith`).
const SHOULD_EXACT = new Set(["equal", "eql", "exactly", "deepEqual"]);
const SHOULD_CONTAINS = new Set(["containEql", "containDeep", "startWith", "endWith"]);
/** What a variable may hold that an assertion compares as written: the kinds of value followed to its literals. */
const HELD_TYPES = new Set(["string", "template_string", "number", "object", "array", "regex"]);
/** Truthiness assertions (`assert(c)`, `assert.ok(c)`, tape's `t.ok(c)`, node:test's `t.assert.ok(c)`): their call chain. */
const TRUTHY_CHAIN = new Set(["strict", "assert", "ok", "true", "notOk", "false"]);
/** jest / vitest matchers that assert a subject's truth (`expect(a === b).toBe(true)`). */
const EXPECT_TRUTH = new Set(["toBe", "toEqual", "toStrictEqual", "toBeTruthy", "toBeFalsy", "toBeTrue", "toBeFalse"]);
const COMPARISONS = new Set(["===", "==", "!==", "!="]);
/** The matchers jest, vitest and chai give expect themselves: every other matcher a test calls is registered by code. */
const BUILT_IN_MATCHERS = new Set([
  ...EXPECT_EXACT, ...EXPECT_CONTAINS, ...EXPECT_TRUTH, "not", "resolves", "to", "be", "been", "is", "that", "which", "and", "has", "have", "with", "at", "of", "same", "does", "still", "also", "deep", "nested", "own", "ordered", "any", "all", "a", "an",
  "toBeDefined", "toBeUndefined", "toBeNull", "toBeNaN", "toBeInstanceOf", "toBeTypeOf", "toBeGreaterThan", "toBeGreaterThanOrEqual", "toBeLessThan", "toBeLessThanOrEqual", "toBeCloseTo", "toBeOneOf", "toHaveLength",
  "toContainEqual", "toHaveBeenCalled", "toHaveBeenCalledTimes", "toHaveBeenCalledOnce", "toBeCalled", "toBeCalledTimes", "toHaveReturned", "toHaveReturnedTimes", "toHaveReturnedWith", "toHaveLastReturnedWith", "toHaveNthReturnedWith",
  "toHaveResolved", "toHaveResolvedWith", "toMatchSnapshot", "toMatchFileSnapshot", "toThrowErrorMatchingSnapshot", "toThrowErrorMatchingInlineSnapshot", "toSatisfy", "toBeEmpty", "toBeArray", "toBeString", "toBeNumber", "toBeFunction", "toBeObject", "toBeBoolean",
  "ok", "true", "false", "null", "undefined", "NaN", "exist", "empty", "arguments", "instanceof", "instanceOf", "above", "below", "least", "most", "within", "length", "lengthOf", "property", "ownProperty", "keys", "key", "satisfy", "closeTo", "oneOf", "change", "increase", "decrease", "extensible", "sealed", "frozen", "finite", "fail", "calledWith", "called",
]);

/** The name a declarator binds, or the variable an assignment writes: a binding, not a use of its value. */
const isBound = (node: TSyntaxNode, parent: TSyntaxNode | undefined) =>
  (parent?.type === "variable_declarator" || parent?.type === "assignment_expression") && field(parent, parent.type === "variable_declarator" ? "name" : "left") === node;


type Binding = { module: string; imported: string };

/** The one expression a function returns: an arrow's expression body, or a body that is a single \`return x\`. */
function returnedExpression(fn: TSyntaxNode): TSyntaxNode | null {
  if (fn.type !== "arrow_function" && fn.type !== "function_expression" && fn.type !== "function") return null;
  const body = field(fn, "body");
  if (!body) return null;
  if (body.type !== "statement_block") return unwrap(body);
  const statements = named(body).filter((c) => c.type !== "comment");
  const only = statements.length === 1 && statements[0]!.type === "return_statement" ? named(statements[0]!)[0] : null;
  return only ? unwrap(only) : null;
}

function callee(source: string, call: TSyntaxNode): { base: string | null; chain: string[] } {
  // expect(x).not.toBe(y) → base "expect", chain [..]; assert.equal → base "assert", chain ["equal"]
  const chain: string[] = [];
  let fn = field(call, "function");
  for (;;) {
    const segment: string[] = [];
    // `t.equal`, and `t['throws']` (a string index: the same member).
    while (fn && (fn.type === "member_expression" || (fn.type === "subscript_expression" && field(fn, "index")?.type === "string"))) {
      const prop = fn.type === "member_expression" ? field(fn, "property") : field(fn, "index");
      if (prop) segment.unshift(prop.type === "string" ? (stringValue(source, prop) ?? textOf(source, prop)) : textOf(source, prop));
      fn = field(fn, "object");
    }
    chain.unshift(...segment);
    if (fn?.type === "identifier") return { base: textOf(source, fn), chain };
    if (fn?.type !== "call_expression") return { base: null, chain };
    chain.unshift("()");
    fn = field(fn, "function");
  }
}

/** Title arguments of test calls made inside a loop (for, for…of, `.forEach`/`.map` callbacks), marked per parse. */
const LOOP_TITLES = new WeakSet<TSyntaxNode>();
const LOOP_TYPES = new Set(["for_statement", "for_in_statement", "while_statement", "do_statement"]);
function markLoopTitles(source: string, root: TSyntaxNode): void {
  walk(root, (node, ancestors) => {
    if (node.type !== "call_expression" || unwrap(args(node)[0] ?? node).type !== "call_expression") return;
    const { base } = callee(source, node);
    if (!base || !TEST_FUNCS.has(base)) return;
    const inLoop = ancestors.some((a, i) => LOOP_TYPES.has(a.type)
      || ((a.type === "arrow_function" || a.type === "function_expression") && ancestors[i - 1]?.type === "arguments" && ancestors[i - 2]?.type === "call_expression"
        && /\.(forEach|map)$/.test(textOf(source, field(ancestors[i - 2]!, "function") ?? ancestors[i - 2]!))));
    if (inLoop) LOOP_TITLES.add(args(node)[0]!);
  });
}

/**
 * A test's name as written: a string, or — built at run time (`t.input + ' filter'`, a template) — its fixed
 * text with `${…}` where a value goes, which probe matching reads as "any text".
 */
function nameOf(source: string, node: TSyntaxNode): string | null {
  const fixed = stringValue(source, node);
  if (fixed !== null) return fixed;
  // A title a call computes for each row of a loop (`for (const t of rows) it(title(t.code), …)`): any text under its
  // suites, so it maps to every id the runner recorded at that test site (gaps5).
  if (LOOP_TITLES.has(node)) return "${x}";
  const parts: string[] = [];
  const work = [node];
  while (work.length > 0) {
    const n = unwrap(work.pop()!);
    const value = stringValue(source, n);
    if (value !== null) parts.push(value.replace(/\$\{/g, "$ {"));
    else if (n.type === "binary_expression" && textOf(source, n).includes("+")) {
      const left = field(n, "left");
      const right = field(n, "right");
      if (right) work.push(right);
      if (left) work.push(left);
    } else if (n.type === "template_string") {
      for (const c of n.children) {
        if (c.type === "template_substitution") parts.push("${x}");
        else if (c.type === "string_fragment" || c.type === "escape_sequence") parts.push(textOf(source, c));
      }
    } else parts.push("${x}");
  }
  // A name that is only a value (`${t.input}`, a variable) is still a test's name: any text, under its suites.
  // Anything else in the name's place (a function: node:test's `test(async () => …)`; `test.each`'s table) names nothing.
  const name = parts.join("");
  if (name.replace(/\$\{x\}/g, "").trim() === "" && !["template_string", "identifier", "member_expression", "binary_expression", "subscript_expression"].includes(unwrap(node).type)) return null;
  return name.trim() === "" ? null : name;
}

function testName(source: string, call: TSyntaxNode, kinds: Set<string>): string | null {
  const { base, chain } = callee(source, call);
  if (!base || !kinds.has(base)) return null;
  if (chain.some((c) => !["only", "skip", "todo", "concurrent", "sequential", "each", "()", "fails"].includes(c))) return null;
  const first = args(call)[0];
  return first ? nameOf(source, first) : null;
}

/** The branch of `typeof window === 'undefined' ? node : browser` (document, self, navigator alike) a browser takes. */
function browserBranch(source: string, ternary: TSyntaxNode): TSyntaxNode | null {
  const condition = field(ternary, "condition");
  const m = condition ? /^\(?\s*typeof\s+(?:window|document|self|navigator)\s*(===|==|!==|!=)\s*["']undefined["']\s*\)?$/.exec(textOf(source, condition)) : null;
  if (!m) return null;
  return field(ternary, m[1]!.startsWith("=") ? "alternative" : "consequence");
}

export function extractJavaScriptTests(file: TParsedFile, language = "javascript"): TTestExtraction {
  const { source, root } = file;
  markLoopTitles(source, root);
  const bindings = new Map<string, Binding>();
  const instances = new Map<string, string>();
  const state = extractionState();
  const { deps, tests, supplied, literalNodes, constants, uses, comparedUses, fromConstant } = state;
  const callbacks: NonNullable<TTestExtraction["callbacks"]> = [];
  const jsonSerialized: [number, number][] = [];
  /** Positional-argument dependencies and the call that passes them (for `undecided`, after the walk). */
  const argumentCalls = new Map<TDependency, { call: TSyntaxNode; index: number }>();
  const assertionLiterals = new Set<TSyntaxNode>();
  /** Object literals assigned to a variable (const, let or var): tables a loop may run over. */
  const tables = new Map<string, TSyntaxNode>();
  const localReturns = new Map<string, TSyntaxNode>();
  /** Variables (const, let or var) bound once to a string or to a choice of strings (`c ? 'a' : 'b'`): their possible values. */
  const alternatives = new Map<string, TSyntaxNode[]>();
  /** Choices taken only in a browser (`typeof window === 'undefined' ? 'global' : 'Window'`): never run under Node. */
  const browserOnly = new Set<TSyntaxNode>();
  const reassigned = new Set<string>();
  /** `let` / `var` bindings and assignments, per name: what a variable holds where an assertion reads it. */
  const letBindings = heldBindings(source, root);
  /** Local names the file calls as functions (`merge(a, b)`): a variable bound to a factory's result. */
  const calledLocals = new Set<string>();
  walk(root, (node, ancestors) => {
    if (node.type === "call_expression" && field(node, "function")?.type === "identifier") calledLocals.add(textOf(source, field(node, "function")!));
    if (node.type === "assignment_expression" || node.type === "augmented_assignment_expression") {
      const left = field(node, "left");
      if (left?.type === "identifier") reassigned.add(textOf(source, left));
    }
    if (node.type === "variable_declarator") {
      const name = field(node, "name");
      const value = field(node, "value");
      const decl = ancestors.at(-1);
      if (name?.type === "identifier" && value) {
        const v = unwrap(value);
        const choices = v.type === "ternary_expression" ? [field(v, "consequence"), field(v, "alternative")].map((c) => (c ? unwrap(c) : null)) : [v];
        if (choices.every((c) => c !== null && stringValue(source, c) !== null)) {
          alternatives.set(textOf(source, name), choices as TSyntaxNode[]);
          const browser = v.type === "ternary_expression" ? browserBranch(source, v) : null;
          if (browser) browserOnly.add(unwrap(browser));
        }
      }
      if (name?.type === "identifier" && value && decl && textOf(source, decl).startsWith("const") && (HELD_TYPES.has(value.type) || numberText(source, value) !== null)) {
        constants.set(textOf(source, name), value);
      }
      if (name?.type === "identifier" && value?.type === "object") tables.set(textOf(source, name), value);
      // `const warnMessage = (key) => \`…${key}…\``: a local function that returns one expression.
      if (name?.type === "identifier" && value && decl && textOf(source, decl).startsWith("const")) {
        const returned = returnedExpression(unwrap(value));
        if (returned) localReturns.set(textOf(source, name), returned);
      }
    } else if (node.type === "identifier" && !isBound(node, ancestors.at(-1))) {
      uses.set(textOf(source, node), (uses.get(textOf(source, node)) ?? 0) + 1);
    }
  });

  // Objects a hook or helper builds by assignment (`this.negotiator = new Negotiator(…)` in a `before`, `shop = new
  // Shop()` in a `beforeEach`): read before the tests, since a helper may stand below them. Resolved at use.
  const assigned = new Map<string, string>();
  walk(root, (node) => {
    if (node.type !== "assignment_expression") return;
    const left = field(node, "left");
    const right = field(node, "right") ? unwrap(field(node, "right")!) : null;
    // `inst = mitt(events)`: what a factory returns, `mitt()` (analyzer 43), resolved as `const inst = mitt(…)` is.
    const ctor = right?.type === "new_expression" ? field(right, "constructor") : right?.type === "call_expression" ? field(right, "function") : null;
    if (!left || ctor?.type !== "identifier") return;
    const target = textOf(source, left).replace(/\s+/g, "");
    if (left.type === "identifier" || /^this\.[A-Za-z_$][\w$]*$/.test(target)) assigned.set(target, `${textOf(source, ctor)}${right!.type === "call_expression" ? "()" : ""}`);
  });
  // Helpers that wrap their callback in a suite (`function whenAcceptEncoding(h, fn) { describe('when ' + h, …fn()…) }`):
  // a call of one is a suite, named as the helper names it (built at run time: any text where a value goes).
  const helperSuites = new Map<string, { title: string; fn: TSyntaxNode; describe: TSyntaxNode }>();
  walk(root, (node) => {
    if (node.type !== "function_declaration" || !field(node, "name")) return;
    let found: { title: string; describe: TSyntaxNode } | null = null;
    walk(node, (n) => {
      const t = found === null && n.type === "call_expression" ? testName(source, n, SUITE_FUNCS) : null;
      if (t !== null) found = { title: t, describe: n };
    });
    if (found !== null) helperSuites.set(textOf(source, field(node, "name")!), { ...(found as { title: string; describe: TSyntaxNode }), fn: node });
  });
  const helperSuite = (call: TSyntaxNode) => {
    const f = field(call, "function");
    const helper = f?.type === "identifier" ? helperSuites.get(textOf(source, f)) : undefined;
    if (!helper) return null;
    // The title the helper builds from this call's own string arguments (`'when Accept-Encoding: ' + h`, through a
    // local `var description = !h ? … : …`): the suite's real name, so its tests map to their own ids (recall5).
    const env = new Map<string, string>();
    const params = parameterNames(source, helper.fn);
    args(call).forEach((a, i) => {
      const v = stringValue(source, unwrap(a));
      if (v !== null && params[i]) env.set(params[i]!, v);
    });
    const first = args(helper.describe)[0];
    const built = first ? evaluateTitle(source, first, env, helper.fn) : null;
    return built !== null ? built.replace(/\$\{/g, "$ {") : helper.title;
  };
  /** The class of an instance the test holds (a variable or `this.x`), when its constructor is imported. */
  const instanceOf = (object: TSyntaxNode): string | undefined => {
    // `(new MIMEType(s)).isJavaScript()`: an instance made in place (gaps6).
    if (object.type === "new_expression") {
      const ctor = field(object, "constructor");
      const local = ctor?.type === "identifier" ? textOf(source, ctor) : null;
      return local !== null && bindings.has(local) ? local : undefined;
    }
    // `colord(x).mix(…)`: what a repository function returns, used in place (`fn()`, as for `const c = colord(x)`).
    if (object.type === "call_expression") {
      const fn = field(object, "function");
      const local = fn?.type === "identifier" ? textOf(source, fn) : null;
      return local !== null && /^[./]/.test(bindings.get(local)?.module ?? "") ? `${local}()` : undefined;
    }
    const key = textOf(source, object).replace(/\s+/g, "");
    if (object.type === "identifier" && instances.has(key)) return instances.get(key);
    const ctor = assigned.get(key);
    if (ctor?.endsWith("()")) return /^[./]/.test(bindings.get(ctor.slice(0, -2))?.module ?? "") ? ctor : undefined;
    return ctor !== undefined && bindings.has(ctor) ? ctor : undefined;
  };
  // A subtest: `t.test("name", …)` inside a test (node:test, tape).
  const subtestName = (call: TSyntaxNode) => {
    const { base, chain } = callee(source, call);
    if (!base || chain.length !== 1 || chain[0] !== "test") return null;
    // `typer.test('text/html')`: a function of a module the test loads, called with data, is no subtest; a subtest
    // hands the runner a name and its body (gaps6, held-out 6's media-typer).
    if (bindings.has(base)) return null;
    const list = args(call);
    if (list.length < 2) return null;
    const first = list[0];
    return first ? stringValue(source, first) : null;
  };
  const enclosingCase = (ancestors: TSyntaxNode[]): { name: string; line: number } | null => {
    for (let i = ancestors.length - 1; i >= 0; i--) {
      const a = ancestors[i]!;
      if (a.type !== "call_expression") continue;
      let name = testName(source, a, TEST_FUNCS);
      if (name === null && i > 0) {
        const sub = subtestName(a);
        if (sub !== null && enclosingCase(ancestors.slice(0, i))) name = sub;
      }
      if (name !== null) return { name, line: a.row + 1 };
    }
    return null;
  };
  /** The enclosing test expects an error (it was pushed when the walk met its call, before its body). */
  const markThrow = (ancestors: TSyntaxNode[], throws: boolean) => {
    const at = enclosingCase(ancestors);
    const test = at ? tests.find((t) => t.line === at.line) : undefined;
    if (test && throws) test.expectsThrow = true;
    if (test && !throws) test.expectsNoThrow = true;
  };
  let activeConstant: string | undefined;
  let activeRow = false;
  /** Values taken from a `test.each` table's rows. */
  const eachRows = new Set<TSyntaxNode>();
  // Helpers the tests call: which parameters reach a comparison (`function expectError(err, message) { expect(err.message).toBe(message); }`).
  const helperFlows = new Map<string, { index: number; match: TLiteralMatch; via: string }[]>();
  const FUNCTION_NODES = new Set(["function_declaration", "function_expression", "arrow_function", "function"]);
  const paramsOf = (fn: TSyntaxNode) => {
    const list = field(fn, "parameters") ?? field(fn, "parameter");
    if (!list) return [];
    if (list.type === "identifier") return [list];
    return named(list).filter((p) => p.type !== "comment");
  };
  const paramName = (p: TSyntaxNode) => (p.type === "identifier" ? textOf(source, p) : p.type === "assignment_pattern" || p.type === "required_parameter" || p.type === "optional_parameter" ? textOf(source, field(p, "left") ?? field(p, "pattern") ?? p) : null);
  /**
   * A compared identifier that is a parameter: of a `test.each(table)` callback (the table's column), or of a
   * helper function (recorded; its calls give the literals). Null when it is neither.
   */
  const parameterFlow = (name: string, ancestors: TSyntaxNode[], match: TLiteralMatch, via: string): TSyntaxNode[] | null => {
    const fnIndex = ancestors.findLastIndex((a) => FUNCTION_NODES.has(a.type));
    if (fnIndex === -1) return null;
    const fn = ancestors[fnIndex]!;
    const params = paramsOf(fn);
    let index = params.findIndex((p) => paramName(p) === name);
    let key: string | null = null;
    if (index === -1) {
      // `({ input, expected }) => …`: a destructured row of objects.
      const obj = params[0]?.type === "object_pattern" ? params[0] : null;
      if (!obj || !named(obj).some((p) => textOf(source, p) === name)) return null;
      index = 0;
      key = name;
    }
    const call = ancestors[fnIndex - 2]?.type === "call_expression" ? ancestors[fnIndex - 2]! : null;
    const inner = call ? field(call, "function") : null;
    if (call && inner?.type === "call_expression" && callee(source, inner).chain.at(-1) === "each") {
      const table = args(inner)[0];
      if (!table || table.type !== "array") return [];
      const values = named(table).flatMap((row) => {
        if (key !== null && row.type === "object") {
          const pair = named(row).find((p) => p.type === "pair" && textOf(source, field(p, "key") ?? p).replace(/^["']|["']$/g, "") === key);
          const value = pair ? field(pair, "value") : null;
          return value ? [value] : [];
        }
        if (row.type === "array") return named(row)[index] ? [named(row)[index]!] : [];
        return params.length === 1 ? [row] : [];
      });
      values.forEach((v) => eachRows.add(v));
      return values;
    }
    // A named helper: `function check(…)` or `const check = (…) => …`.
    const holder = ancestors[fnIndex - 1];
    const fnName = fn.type === "function_declaration" ? textOf(source, field(fn, "name")!) : holder?.type === "variable_declarator" ? textOf(source, field(holder, "name")!) : null;
    if (!fnName || key !== null) return null;
    const flows = helperFlows.get(fnName) ?? [];
    if (!flows.some((f) => f.index === index)) flows.push({ index, match, via });
    helperFlows.set(fnName, flows);
    return [];
  };
  const push = (node: TSyntaxNode, ancestors: TSyntaxNode[], dep: Omit<TDependency, "line" | "text" | "test" | "owner" | "match"> & Partial<Pick<TDependency, "owner" | "match">>) => {
    const at = enclosingCase(ancestors);
    // A constant's literal: the line that declares it, in the test that compares it.
    const d: TDependency = { owner: null, match: null, ...dep, ...lineOf(source, node), test: at?.name ?? null, testLine: at?.line ?? null };
    deps.push(d);
    if (activeConstant !== undefined) fromConstant.set(d, activeConstant);
    if (activeRow && d.kind === "literal") d.parametrized = true;
  };
  /**
   * The repository function a callee names through an import: `parse` (imported; a default or namespace import calls
   * the module's own export) or `mod.parse` of a default or namespace import. Null for anything else.
   */
  const boundCallee = (fn: TSyntaxNode | null | undefined): { module: string; fn: string } | null => {
    if (fn?.type === "identifier" && bindings.has(textOf(source, fn))) {
      const local = textOf(source, fn);
      const binding = bindings.get(local)!;
      return { module: binding.module, fn: binding.imported === "default" || binding.imported === "*" ? local : binding.imported };
    }
    if (fn?.type !== "member_expression") return null;
    const object = field(fn, "object");
    const property = field(fn, "property");
    const binding = object?.type === "identifier" ? bindings.get(textOf(source, object)) : undefined;
    return binding && property && (binding.imported === "*" || binding.imported === "default") ? { module: binding.module, fn: textOf(source, property) } : null;
  };
  /** The value a should.js chain asserts on: the object of its `.should` member (`res.getHeader('X')` of `res.getHeader('X').should.equal('0')`). */
  const shouldSubject = (fn: TSyntaxNode | null | undefined): TSyntaxNode | null => {
    for (let f = fn; f?.type === "member_expression"; f = field(f, "object")) {
      const prop = field(f, "property");
      if (prop && textOf(source, prop) === "should") return field(f, "object") ?? null;
    }
    return null;
  };
  /** The argument of the call named `name` a member chain starts from: `x` of `should(x).eql(v)`, of `expect(x).to.equal(v)`. */
  const chainCallArgument = (fn: TSyntaxNode | null | undefined, name: string): TSyntaxNode | null => {
    let f = fn;
    while (f?.type === "member_expression") f = field(f, "object");
    if (f?.type !== "call_expression") return null;
    const callee = field(f, "function");
    return callee?.type === "identifier" && textOf(source, callee) === name ? (args(f)[0] ?? null) : null;
  };
  const shouldCall = (fn: TSyntaxNode | null | undefined) => chainCallArgument(fn, "should");
  const expectSubject = (fn: TSyntaxNode | null | undefined) => chainCallArgument(fn, "expect");
  /** `res.getHeader('X')`, `res.get('X')`, `res.header('X')`, `res.headers['x']`: the header name, a literal dependency. */
  const readHeaderName = (node: TSyntaxNode, ancestors: TSyntaxNode[]) => {
    const n = unwrap(node);
    let name: TSyntaxNode | undefined;
    if (n.type === "call_expression") {
      const f = field(n, "function");
      const prop = f?.type === "member_expression" ? field(f, "property") : null;
      const getter = prop ? textOf(source, prop) : "";
      const header = args(n).length === 1 ? stringValue(source, unwrap(args(n)[0]!)) : null;
      // A plain `get(key)` reads a header only by a header's spelling (`Content-Type`, `x-powered-by`), not a map's key.
      if (header !== null && (getter === "getHeader" || getter === "header" || (getter === "get" && /^[A-Z]|-/.test(header)))) name = unwrap(args(n)[0]!);
    } else if (n.type === "subscript_expression") {
      const object = field(n, "object");
      const prop = object?.type === "member_expression" ? field(object, "property") : null;
      if (prop && textOf(source, prop) === "headers") name = field(n, "index") ?? undefined;
    }
    const value = name ? stringValue(source, name) : null;
    if (!name || value === null || assertionLiterals.has(name) || !/^[A-Za-z][A-Za-z0-9-]*$/.test(value)) return;
    assertionLiterals.add(name);
    push(name, ancestors, { kind: "literal", value, module: null, via: "assert", match: "exact" });
  };
  // Objects and arrays are read with an explicit stack: an expected value nested thousands deep is still read.
  const literal = (start: TSyntaxNode, ancestors: TSyntaxNode[], startMatch: TLiteralMatch, startVia = "assert") => {
    const work: { node: TSyntaxNode; match: TLiteralMatch; via: string; constant?: string; row?: boolean }[] = [{ node: start, match: startMatch, via: startVia }];
    const followed = new Set<string>();
    while (work.length > 0) {
      const item = work.pop()!;
      const { node, match, via } = item;
      activeConstant = item.constant;
      activeRow = item.row === true;
      const n = unwrap(node);
      if (n.type === "identifier" && item.constant === undefined) {
        const flowed = parameterFlow(textOf(source, n), ancestors, match, via);
        if (flowed) {
          // A `test.each` row's value: it fails that row's expanded id.
          for (const r of flowed) work.push({ node: r, match, via, row: eachRows.has(r) || item.row });
          continue;
        }
      }
      // A `let` / `var` variable reassigned before each assertion (`expected = [{ … }]; assert.deepEqual(actual,
      // expected)`): the value its latest binding before this place gives it, followed once (held-out 15).
      if (n.type === "identifier" && item.constant === undefined && !followed.has(textOf(source, n))) {
        const held = heldValue(letBindings, textOf(source, n), n, ancestors);
        if (held !== undefined) {
          const name = textOf(source, n);
          followed.add(name);
          comparedUses.set(name, (comparedUses.get(name) ?? 0) + 1);
          if (held && (HELD_TYPES.has(held.type) || numberText(source, held) !== null)) work.push({ node: held, match, via, constant: name });
          continue;
        }
      }
      // Constants built from constants (`const action = { ...baseAction, message }`) are followed, each once.
      if (n.type === "identifier" && constants.has(textOf(source, n)) && !followed.has(textOf(source, n))) {
        const name = textOf(source, n);
        followed.add(name);
        comparedUses.set(name, (comparedUses.get(name) ?? 0) + 1);
        work.push({ node: constants.get(name)!, match, via, constant: name });
        continue;
      }
      if (n.type === "regex") {
        assertionLiterals.add(n);
        const pattern = field(n, "pattern");
        const flags = field(n, "flags");
        push(n, ancestors, { kind: "literal", value: pattern ? textOf(source, pattern) : textOf(source, n), module: null, via, match: "regex", flags: flags ? textOf(source, flags) : null });
        continue;
      }
      // A number, negative ones included (`[949738347, -1437985833]`: the minus is part of the value compared).
      const number = numberText(source, n);
      if (number !== null) {
        assertionLiterals.add(n);
        push(n, ancestors, { kind: "literal", value: number, module: null, via, match: "exact" });
        continue;
      }
      const value = stringValue(source, n);
      if (value !== null) {
        assertionLiterals.add(n);
        push(n, ancestors, { kind: "literal", value, module: null, via, match });
        continue;
      }
      if (n.type === "binary_expression" && concatenation(n, ancestors, via)) continue;
      // An expected template (`\`[destr] Dropping "${key}" key\``): compared as written, its placeholders standing
      // for any value; the classifier judges it by the templates the trees hold (prompted by held-out-3).
      if (n.type === "template_string" && n.children.some((c) => c.type === "template_substitution")) {
        if (templateParts(source, n).some((p) => p.trim().length > 0)) {
          assertionLiterals.add(n);
          push(n, ancestors, { kind: "literal", value: textOf(source, n).slice(1, -1), module: null, via, match });
        }
        continue;
      }
      // A call of a local function returning one expression (`warnMessage("__proto__")`): the expression it returns.
      if (n.type === "call_expression" && field(n, "function")?.type === "identifier" && localReturns.has(textOf(source, field(n, "function")!))) {
        work.push({ node: localReturns.get(textOf(source, field(n, "function")!))!, match, via, constant: item.constant, row: item.row });
        continue;
      }
      // `result` of `for (const [input, result] of TEST_CASES)`: the element at its place in every row of the local table.
      if (n.type === "identifier") {
        const elements = loopElements(textOf(source, n), ancestors);
        if (elements) {
          for (const value of elements) work.push({ node: value, match, via, constant: item.constant, row: item.row });
          continue;
        }
      }
      // \`row.key\` of a loop over a local table (\`for (const row of rows)\`): the key's value in every row.
      if (n.type === "member_expression" && field(n, "object")?.type === "identifier" && field(n, "property")) {
        const rows = loopRows(textOf(source, field(n, "object")!), ancestors);
        if (rows) {
          const key = textOf(source, field(n, "property")!);
          for (const row of rows) {
            const pair = named(row).find((p) => p.type === "pair" && field(p, "key") && (stringValue(source, field(p, "key")!) ?? textOf(source, field(p, "key")!)) === key);
            const value = pair ? field(pair, "value") : null;
            if (value) work.push({ node: value, match, via, constant: item.constant, row: item.row });
          }
          continue;
        }
      }
      // An expected error instance (`toThrow(new PathError("msg", p))`, `assert.throws(fn, TypeError("msg"))`): the
      // thrown error's message is compared with its first argument, exactly (prompted by held-out-3).
      if (via === "raises" && (n.type === "new_expression" || (n.type === "call_expression" && /Error$/.test(textOf(source, field(n, "function") ?? n))))) {
        const message = args(n)[0];
        if (message) work.push({ node: message, match: "exact", via, constant: item.constant, row: item.row });
        continue;
      }
      const later: typeof work = [];
      if (n.type === "object") {
        for (const pair of named(n)) {
          // `{ ...baseAction, message }`: a spread constant's keys and values are expected too.
          if (pair.type === "spread_element" && named(pair)[0]) later.push({ node: named(pair)[0]!, match, via });
          if (pair.type !== "pair") continue;
          const key = field(pair, "key");
          const value = field(pair, "value");
          if (key && (key.type === "property_identifier" || key.type === "string")) {
            const keyName = key.type === "string" ? (stringValue(source, key) ?? "") : textOf(source, key);
            if (via === "raises" && (keyName === "message" || keyName === "name")) {
              if (value) later.push({ node: value, match: "exact", via });
              continue;
            }
            push(key, ancestors, { kind: "name", value: keyName, module: null, via: "property" });
          }
          if (value) later.push({ node: value, match, via });
        }
      }
      if (n.type === "array") for (const item of named(n)) later.push({ node: item, match, via });
      // Reversed onto the stack: items are read in source order (a constant's items stay its own).
      work.push(...later.reverse().map((l) => ({ ...l, constant: item.constant, row: item.row })));
    }
    activeConstant = undefined;
    activeRow = false;
  };
  /**
   * A comparison a truthiness assertion holds (`assert.ok(a === 'lit')`, `t.assert.ok(x instanceof Y === false)`,
   * `expect(a == b).toBe(true)`, joined by `&&`): both sides are read as an exact assertion's are, and a boolean
   * on one side (the result an `instanceof` or a predicate must give) is a literal too (held-out 14).
   */
  const comparedOperands = (condition: TSyntaxNode, ancestors: TSyntaxNode[]) => {
    const pending = [condition];
    while (pending.length > 0) {
      const n = unwrap(pending.pop()!);
      if (n.type !== "binary_expression") continue;
      const operator = textOf(source, field(n, "operator") ?? n);
      const sides = [field(n, "left"), field(n, "right")].filter((side): side is TSyntaxNode => side !== null);
      if (operator === "&&") pending.push(...sides);
      if (!COMPARISONS.has(operator)) continue;
      for (const side of sides) {
        const value = unwrap(side);
        if (value.type === "true" || value.type === "false") push(value, ancestors, { kind: "literal", value: textOf(source, value), module: null, via: "assert", match: "exact" });
        else literal(side, ancestors, "exact");
      }
    }
  };
  /**
   * An expected string built with `+` (`'[ { [object ' + expected + '] } ]'`): each literal part, and each value a
   * variable bound once to strings can hold, is compared text; with every operand known, the whole strings it makes
   * go with each part (`wholes`), so the part is judged as the output it belongs to. False when no operand is a string.
   */
  const concatenation = (expr: TSyntaxNode, ancestors: TSyntaxNode[], via: string): boolean => {
    const operands: TSyntaxNode[] = [];
    const stack = [expr];
    while (stack.length > 0) {
      const n = unwrap(stack.pop()!);
      const op = n.type === "binary_expression" ? (field(n, "operator") ?? n.children.find((c) => !c.named)) : undefined;
      if (n.type === "binary_expression" && op && textOf(source, op) === "+") {
        const right = field(n, "right");
        const left = field(n, "left");
        if (right) stack.push(right);
        if (left) stack.push(left);
      } else operands.push(n);
    }
    const options = operands.map((o) => (stringValue(source, o) !== null ? [o] : o.type === "identifier" && !reassigned.has(textOf(source, o)) ? (alternatives.get(textOf(source, o)) ?? null) : null));
    // No string in it, or the code's own output in it (`echo("a") + "b"`: the test appends its own text): not an expected string.
    if (!operands.some((o) => stringValue(source, o) !== null) || operands.some((o) => o.type === "call_expression" || o.type === "new_expression")) return false;
    let combos: TSyntaxNode[][] | null = [[]];
    for (const opt of options) {
      if (opt === null || combos === null || combos.length * opt.length > 16) {
        combos = null;
        continue;
      }
      combos = combos.flatMap((c) => opt.map((o) => [...c, o]));
    }
    const parts = [...new Set(options.flatMap((o) => o ?? []))];
    for (const part of parts) {
      const value = stringValue(source, part)!;
      if (value.trim() === "") continue;
      assertionLiterals.add(part);
      const wholes = combos?.filter((c) => c.includes(part)).map((c) => c.map((x) => stringValue(source, x)!).join(""));
      push(part, ancestors, { kind: "literal", value, module: null, via, match: "contains", ...(wholes ? { wholes } : {}), ...(browserOnly.has(part) ? { browserOnly: true } : {}) });
    }
    return true;
  };
  const bindImport = (module: string, local: string, imported: string) => bindings.set(local, { module, imported });
  /** Each named ES import's local binding, to find the tests that read it. */
  const importLocals = new Map<TDependency, string>();
  /** `const isEmpty = require(…).isEmpty`: the member node, and the local it is read into. */
  const readOffLocals = new Map<TSyntaxNode, string>();
  /** The string nodes an environment variable's name argument stands for: itself, or each a for-of loop binds it to. */
  const envNames = (arg: TSyntaxNode, ancestors: TSyntaxNode[]): TSyntaxNode[] => {
    const isName = (n: TSyntaxNode | undefined): n is TSyntaxNode => !!n && n.type === "string" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(stringValue(source, n) ?? "");
    if (arg.type === "string") return isName(arg) ? [arg] : [];
    if (arg.type !== "identifier") return [];
    const name = textOf(source, arg);
    const loop = ancestors.findLast((a) => a.type === "for_in_statement" && a.children.some((c) => c.type === "of"));
    const left = loop ? field(loop, "left") : null;
    const right = loop && field(loop, "right") ? unwrap(field(loop, "right")!) : null;
    const table = right?.type === "identifier" ? constants.get(textOf(source, right)) : undefined;
    if (!left || table?.type !== "array") return [];
    const rows = named(table).map(unwrap);
    if (left.type === "identifier") return textOf(source, left) === name ? rows.filter(isName) : [];
    if (left.type !== "array_pattern") return [];
    const at = named(left).findIndex((n) => n.type === "identifier" && textOf(source, n) === name);
    if (at < 0) return [];
    return rows.flatMap((r) => (r.type === "array" ? [named(r).map(unwrap)[at]].filter(isName) : []));
  };
  /** The object rows of \`for (const row of table)\` (table a local constant array) that \`name\` is bound to, or null. */
  /** The elements a name destructured from each row of a loop over a local table of arrays takes, at its place. */
  const loopElements = (name: string, ancestors: TSyntaxNode[]): TSyntaxNode[] | null => {
    for (const loop of [...ancestors].reverse()) {
      const left = loop.type === "for_in_statement" && loop.children.some((c) => c.type === "of") ? field(loop, "left") : null;
      if (left?.type !== "array_pattern") continue;
      const index = named(left).findIndex((p) => p.type === "identifier" && textOf(source, p) === name);
      if (index === -1) continue;
      const right = field(loop, "right");
      const table = right?.type === "identifier" ? constants.get(textOf(source, right)) : undefined;
      if (table?.type !== "array") return null;
      return named(table).filter((r) => r.type === "array").flatMap((r) => (named(r)[index] ? [named(r)[index]!] : []));
    }
    return null;
  };
  const loopRows = (name: string, ancestors: TSyntaxNode[]): TSyntaxNode[] | null => {
    const loop = ancestors.findLast((a) => a.type === "for_in_statement" && field(a, "left")?.type === "identifier" && textOf(source, field(a, "left")!) === name && a.children.some((c) => c.type === "of"));
    const right = loop ? field(loop, "right") : null;
    const table = right?.type === "identifier" ? constants.get(textOf(source, right)) : undefined;
    return table?.type === "array" ? named(table).filter((r) => r.type === "object") : null;
  };
  /**
   * An options object nested in an option (`{ configuration: { 'parse-positional-numbers': false } }`,
   * `{ styles: { '!!null': name } }`): its keys and its string values are names the code must recognise, compared
   * exactly ("selector" literals, not inputs). A value bound by a loop over a local table's keys
   * (`for (const [name] of Object.entries(tests))`, `Object.keys`, `for … in`) stands for each key of that table.
   */
  const selectors = (obj: TSyntaxNode, ancestors: TSyntaxNode[]) => {
    const work = [obj];
    for (let depth = 0; work.length > 0 && depth < 50; depth++) {
      const o = work.pop()!;
      for (const pair of named(o)) {
        if (pair.type !== "pair") continue;
        const key = field(pair, "key");
        const value = field(pair, "value") ? unwrap(field(pair, "value")!) : null;
        if (key && (key.type === "string" || key.type === "property_identifier")) {
          assertionLiterals.add(key);
          push(key, ancestors, { kind: "literal", value: key.type === "string" ? (stringValue(source, key) ?? "") : textOf(source, key), module: null, via: "selector", match: "exact" });
        }
        if (!value) continue;
        if (value.type === "object") work.push(value);
        else if (value.type === "string") {
          assertionLiterals.add(value);
          push(value, ancestors, { kind: "literal", value: stringValue(source, value) ?? "", module: null, via: "selector", match: "exact" });
        } else if (value.type === "identifier") {
          for (const k of loopKeys(textOf(source, value), ancestors)) push(k, ancestors, { kind: "literal", value: k.type === "string" ? (stringValue(source, k) ?? "") : textOf(source, k), module: null, via: "selector", match: "exact" });
        }
      }
    }
  };
  /** The keys of the local table a loop variable runs over, or none. */
  const loopKeys = (name: string, ancestors: TSyntaxNode[]): TSyntaxNode[] => {
    const loop = ancestors.findLast((a) => a.type === "for_in_statement");
    if (!loop) return [];
    const left = field(loop, "left");
    let right = field(loop, "right") ? unwrap(field(loop, "right")!) : null;
    if (!left || !right) return [];
    const isOf = loop.children.some((c) => c.type === "of");
    const bound = left.type === "identifier" ? textOf(source, left) : left.type === "array_pattern" ? (named(left)[0] ? textOf(source, named(left)[0]!) : null) : null;
    if (bound !== name) return [];
    if (right.type === "call_expression") {
      const fn = field(right, "function");
      const fnText = fn ? textOf(source, fn) : "";
      if (!(isOf && ((fnText === "Object.entries" && left.type === "array_pattern") || (fnText === "Object.keys" && left.type === "identifier")))) return [];
      right = args(right)[0] ? unwrap(args(right)[0]!) : null;
    } else if (isOf) return [];
    if (!right || right.type !== "identifier") return [];
    const table = tables.get(textOf(source, right));
    if (!table) return [];
    return named(table).flatMap((p) => (p.type === "pair" && field(p, "key") && ["string", "property_identifier"].includes(field(p, "key")!.type) ? [field(p, "key")!] : []));
  };

  /**
   * The argument lists a spread (`matchSorter(...input)`) stands for: the loop variable is a field of each row of a
   * local table (`for (const [title, { input }] of Object.entries(tests))`, `Object.values(tests)`, or a constant
   * array of rows), and each row's array at that field is one call's arguments. None when that is not so.
   */
  const spreadRows = (name: string, ancestors: TSyntaxNode[]): TSyntaxNode[][] => {
    const loop = ancestors.findLast((a) => a.type === "for_in_statement");
    if (!loop || !loop.children.some((c) => c.type === "of")) return [];
    const left = field(loop, "left");
    let right = field(loop, "right") ? unwrap(field(loop, "right")!) : null;
    if (!left || !right) return [];
    let pattern: TSyntaxNode | null = left;
    let rows: TSyntaxNode[] = [];
    const fn = right.type === "call_expression" ? field(right, "function") : null;
    const fnText = fn ? textOf(source, fn) : "";
    if (fnText === "Object.entries" || fnText === "Object.values") {
      if (fnText === "Object.entries") pattern = left.type === "array_pattern" ? (named(left)[1] ?? null) : null;
      right = args(right)[0] ? unwrap(args(right)[0]!) : null;
      const table = right?.type === "identifier" ? tables.get(textOf(source, right)) : undefined;
      rows = table ? named(table).flatMap((p) => (p.type === "pair" && field(p, "value") ? [unwrap(field(p, "value")!)] : [])) : [];
    } else if (right.type === "identifier") {
      const array = constants.get(textOf(source, right));
      rows = array?.type === "array" ? named(array).map(unwrap) : [];
    }
    if (!pattern || pattern.type !== "object_pattern") return [];
    // The field the variable is bound to: `{ input }`, `{ input = [] }`, `{ args: input }`.
    let key: string | null = null;
    for (const p of named(pattern)) {
      if (p.type === "shorthand_property_identifier_pattern" && textOf(source, p) === name) key = name;
      else if (p.type === "object_assignment_pattern" && field(p, "left") && textOf(source, field(p, "left")!) === name) key = name;
      else if (p.type === "pair_pattern" && field(p, "value")?.type === "identifier" && textOf(source, field(p, "value")!) === name && field(p, "key")) key = textOf(source, field(p, "key")!);
    }
    if (key === null) return [];
    return rows.flatMap((row) => {
      if (row.type !== "object") return [];
      const pair = named(row).find((p) => p.type === "pair" && field(p, "key") && (stringValue(source, field(p, "key")!) ?? textOf(source, field(p, "key")!)) === key);
      const value = pair && field(pair, "value") ? unwrap(field(pair, "value")!) : null;
      return value?.type === "array" ? [named(value).filter((n) => n.type !== "comment")] : [];
    });
  };

  /** The keys of an options object passed to a repository function or constructor, recorded on it (`fn#index`). */
  const optionKeys = (obj: TSyntaxNode, target: { module: string; fn: string }, index: number, ancestors: TSyntaxNode[]) => {
    for (const pair of named(obj)) {
      const key = pair.type === "pair" ? field(pair, "key") : pair.type === "shorthand_property_identifier" ? pair : null;
      const value = pair.type === "pair" ? field(pair, "value") : null;
      const falsy = value !== null && (["false", "null", "undefined", "0", "''", '""'].includes(textOf(source, unwrap(value))));
      if (key) push(key, ancestors, { kind: "name", value: textOf(source, key), module: target.module, owner: `${target.fn}#${index}`, via: "option", ...(falsy ? { falsy } : {}) });
      if (value && unwrap(value).type === "object") selectors(unwrap(value), ancestors);
    }
  };

  /** `const { a, b: c } = require(m)` (or `= mod`, a local bound to the whole module): each key is a name of `m`. */
  const destructuredFrom = (module: string, pattern: TSyntaxNode, ancestors: TSyntaxNode[]) => {
    for (const prop of named(pattern)) {
      const key = prop.type === "shorthand_property_identifier_pattern" ? prop : prop.type === "pair_pattern" ? field(prop, "key") : null;
      const local = prop.type === "pair_pattern" ? field(prop, "value") : prop;
      if (!key || !local) continue;
      bindImport(module, textOf(source, local), textOf(source, key));
      push(prop, ancestors, { kind: "name", value: textOf(source, key), module, via: "require" });
    }
  };

  walk(root, (node, ancestors) => {
    switch (node.type) {
      case "import_statement": {
        const src = field(node, "source");
        const spec = src ? stringValue(source, src) : null;
        if (spec === null) return false;
        // `import type { X } from …` is erased at run time.
        const typeOnly = node.children.some((c) => c.type === "type") || /^import\s+type\s/.test(textOf(source, node));
        push(node, ancestors, { kind: "path", value: spec, module: null, via: "import", ...(typeOnly ? { typeOnly } : {}) });
        const clause = node.children.find((c) => c.type === "import_clause");
        for (const part of clause ? named(clause) : []) {
          if (part.type === "identifier") bindImport(spec, textOf(source, part), "default");
          else if (part.type === "namespace_import") {
            const id = named(part)[0];
            if (id) bindImport(spec, textOf(source, id), "*");
          } else if (part.type === "named_imports") {
            for (const specifier of named(part)) {
              if (specifier.type !== "import_specifier") continue;
              const name = field(specifier, "name");
              const alias = field(specifier, "alias");
              if (!name) continue;
              const imported = name.type === "string" ? (stringValue(source, name) ?? "") : textOf(source, name);
              bindImport(spec, alias ? textOf(source, alias) : imported, imported);
              const typeSpecifier = typeOnly || /^type\s/.test(textOf(source, specifier));
              push(specifier, ancestors, { kind: "name", value: imported, module: spec, via: "import", ...(typeSpecifier ? { typeOnly: true } : {}) });
              importLocals.set(deps.at(-1)!, alias ? textOf(source, alias) : imported);
            }
          }
        }
        return false;
      }
      case "variable_declarator": {
        const value = field(node, "value");
        const target = field(node, "name");
        if (!value || !target) return;
        const inner = unwrap(value);
        const req = inner.type === "call_expression" ? requireOf(source, inner) : null;
        if (req !== null) {
          push(inner, ancestors, { kind: "path", value: req, module: null, via: "require" });
          if (target.type === "identifier") bindImport(req, textOf(source, target), "*");
          if (target.type === "object_pattern") destructuredFrom(req, target, ancestors);
          return false;
        }
        // `const mm = require('..'); const { isMatch, hasBraces } = mm;`: destructured from the whole module, as from
        // `require(…)` itself (analyzer 43).
        const whole = inner.type === "identifier" && target.type === "object_pattern" ? bindings.get(textOf(source, inner)) : undefined;
        if (whole && whole.imported === "*" && /^[./]/.test(whole.module)) {
          destructuredFrom(whole.module, target, ancestors);
          return false;
        }
        // `const isEmpty = require('../lib/util').isEmpty`: the local is the module's name (the member itself is
        // pushed where the walk meets it).
        const member = inner.type === "member_expression" ? field(inner, "object") : null;
        const memberOf = member && unwrap(member).type === "call_expression" ? requireOf(source, unwrap(member)) : null;
        const picked = inner.type === "member_expression" ? field(inner, "property") : null;
        if (memberOf !== null && picked && target.type === "identifier") {
          bindImport(memberOf, textOf(source, target), textOf(source, picked));
          readOffLocals.set(inner, textOf(source, target));
        }
        if (target.type === "identifier" && inner.type === "new_expression") {
          const ctor = field(inner, "constructor");
          if (ctor?.type === "identifier" && bindings.has(textOf(source, ctor))) instances.set(textOf(source, target), textOf(source, ctor));
        }
        // `const { create, emit } = build()`, `build` a repository module's export: the functions destructured from
        // its result are called as the module's own (`create(name, code, msg, { unlimited: true })`), so their
        // arguments and option keys are recorded on them (gaps6, held-out 6's process-warning).
        if (target.type === "object_pattern" && inner.type === "call_expression") {
          const fn = field(inner, "function");
          const binding = fn?.type === "identifier" ? bindings.get(textOf(source, fn)) : undefined;
          if (binding && /^[./]/.test(binding.module)) {
            for (const prop of named(target)) {
              const key = prop.type === "shorthand_property_identifier_pattern" ? prop : prop.type === "pair_pattern" ? field(prop, "key") : null;
              const local = prop.type === "pair_pattern" ? field(prop, "value") : prop;
              if (key && local && (local.type === "identifier" || local.type === "shorthand_property_identifier_pattern")) bindImport(binding.module, textOf(source, local), textOf(source, key));
            }
          }
        }
        // What a repository function returns (a factory's instance): its members are judged by name.
        if (target.type === "identifier" && inner.type === "call_expression") {
          const fn = field(inner, "function");
          const binding = fn?.type === "identifier" ? bindings.get(textOf(source, fn)) : undefined;
          if (binding && /^[./]/.test(binding.module)) instances.set(textOf(source, target), `${textOf(source, fn!)}()`);
        }
        return;
      }
      case "call_expression": {
        const { base, chain } = callee(source, node);
        const list = args(node);
        // The test serializes JSON itself (a callback it hands in, `(v) => \`custom:${JSON.stringify(v)}\``; gaps7).
        if (base === "JSON" && chain.length === 1 && chain[0] === "stringify") {
          const statement = ancestors.findLast((a) => a.type === "expression_statement" || a.type === "lexical_declaration" || a.type === "variable_declaration") ?? node;
          jsonSerialized.push([statement.row + 1, source.slice(0, statement.end).split("\n").length]);
        }
        // The name of an environment variable the test sets (`vi.stubEnv("X", …)`, or a loop variable over a local
        // constant table: `for (const key of keys)`, `for (const [a, key] of rows)`): the code's interface when the
        // code reads it, a literal judged by its producer (a name no source holds stays visible; gaps8, as gaps7's
        // os.environ for Python).
        if (base === "vi" && chain.length === 1 && chain[0] === "stubEnv" && list[0]) {
          for (const k of envNames(unwrap(list[0]), ancestors)) {
            assertionLiterals.add(k);
            push(k, ancestors, { kind: "literal", value: stringValue(source, k)!, module: null, via: "env", match: "exact" });
          }
        }
        const req = requireOf(source, node);
        if (req !== null) {
          push(node, ancestors, { kind: "path", value: req, module: null, via: "require" });
          return;
        }
        const fn = field(node, "function");
        if (fn?.type === "import" && list[0]) {
          const spec = stringValue(source, list[0]);
          if (spec !== null) push(node, ancestors, { kind: "path", value: spec, module: null, via: "dynamic-import" });
          return;
        }
        if ((base === "jest" || base === "vi") && (chain[0] === "mock" || chain[0] === "doMock" || chain[0] === "requireActual" || chain[0] === "importActual") && list[0]) {
          const spec = stringValue(source, list[0]);
          if (spec !== null) push(node, ancestors, { kind: "path", value: spec, module: null, via: "mock" });
          return;
        }
        // A function the test hands to the code (recall5): which of its parameters its body reads.
        const owner = chain.at(-1) ?? base;
        if (owner && owner !== "()" && testName(source, node, TEST_FUNCS) === null && testName(source, node, SUITE_FUNCS) === null) {
          list.forEach((a, position) => {
            const cb = unwrap(a);
            if (cb.type !== "arrow_function" && cb.type !== "function_expression" && cb.type !== "function") return;
            const params = parameterNames(source, cb);
            const body = field(cb, "body");
            const used = new Set<string>();
            if (body) walk(body, (n) => { if (n.type === "identifier") used.add(textOf(source, n)); });
            callbacks.push({ owner, position, params, reads: params.filter((p) => used.has(p)), testLine: enclosingCase(ancestors)?.line ?? null });
          });
        }
        const helper = fn?.type === "identifier" ? helperFlows.get(textOf(source, fn)) : undefined;
        if (helper) for (const f of helper) if (list[f.index]) literal(list[f.index]!, ancestors, f.match, f.via);
        const name = testName(source, node, TEST_FUNCS);
        const parent = name === null ? enclosingCase(ancestors) : null;
        const sub = parent ? subtestName(node) : null;
        if (name !== null || sub !== null) {
          const suites: string[] = [];
          ancestors.forEach((a, i) => {
            if (a.type !== "call_expression") return;
            const sub = subtestName(a);
            const s = testName(source, a, SUITE_FUNCS) ?? testName(source, a, TEST_FUNCS) ?? (sub !== null && enclosingCase(ancestors.slice(0, i)) ? sub : null) ?? helperSuite(a);
            if (s !== null) suites.push(s);
          });
          tests.push({ name: (name ?? sub)!, suites, line: node.row + 1, ...(sub !== null ? { subtest: true } : {}) });
        }
        if ((base !== null && ASSERTERS.has(base)) || (base !== null && bindings.get(base)?.module.replace(/^node:/, "").startsWith("assert"))) {
          const method = (chain[0] === "strict" ? chain[1] : chain[0]) ?? "";
          if (chain.length === 0 || (chain.length === 1 && chain[0] === "strict") || EXACT_ASSERT.has(method)) {
            for (const a of list.slice(0, 2)) literal(a, ancestors, "exact");
          } else if (method === "throws" || method === "rejects" || method === "doesNotThrow") {
            markThrow(ancestors, method !== "doesNotThrow");
            if (list[1] && unwrap(list[1]).type !== "string") literal(list[1], ancestors, "exact", "raises");
          } else if (method === "match") {
            if (list[1]) literal(list[1], ancestors, "regex");
          }
          if (chain.every((c) => TRUTHY_CHAIN.has(c)) && list[0]) comparedOperands(list[0], ancestors);
        }
        if (base === "expect" && chain.includes("()")) {
          const matcher = chain.at(-1) ?? "";
          // A matcher the repository registers (`expect.extend`, jest-dom's `toAppearBefore`): a name the code defines,
          // judged by the trees as any name (held-out 19's jest-dom-to-appear-before-after).
          if (/^[A-Za-z_$][\w$]*$/.test(matcher) && !BUILT_IN_MATCHERS.has(matcher) && node.type === "call_expression") push(fn ?? node, ancestors, { kind: "name", value: matcher, module: null, owner: "expect", via: "member" });
          if (/^(toThrow|throw)/.test(matcher) || chain.includes("rejects")) {
            markThrow(ancestors, !chain.includes("not"));
          }
          if (EXPECT_TRUTH.has(matcher)) {
            const subject = expectSubject(fn);
            if (subject) comparedOperands(subject, ancestors);
          }
          // chai's `expect(inst).to.have.property('all')`, jest's `toHaveProperty`: on an instance the test made, a member
          // of its class or of what its factory returns (analyzer 43).
          const subject = ["property", "ownProperty", "toHaveProperty"].includes(matcher) ? expectSubject(fn) : null;
          const held = subject ? instanceOf(unwrap(subject)) : undefined;
          const member = held && list[0] ? stringValue(source, unwrap(list[0])) : null;
          if (held && member !== null && /^[A-Za-z_$][\w$]*$/.test(member)) {
            push(list[0]!, ancestors, { kind: "name", value: member, module: bindings.get(held.replace(/\(\)$/, ""))!.module, owner: held, via: "property" });
          } else if (EXPECT_EXACT.has(matcher)) for (const a of list) literal(a, ancestors, "exact");
          else if (EXPECT_CONTAINS.has(matcher)) {
            for (const a of list) {
              if (matcher === "toHaveProperty" && unwrap(a) === unwrap(list[0]!)) {
                const key = stringValue(source, unwrap(a));
                if (key !== null) push(a, ancestors, { kind: "name", value: key.split(".").at(-1)!, module: null, via: "property" });
              } else literal(a, ancestors, "contains", /^(toThrow|throw)/.test(matcher) ? "raises" : "assert");
            }
          }
        }
        // should.js (`res.text.should.equal('ok')`, `x.should.be.exactly(1)`, `should(x).eql(v)`): the subject — the
        // value the code gave, read like an assertion's actual side — and what it should be (held-out 11's cors).
        if (chain.includes("should") || (base === "should" && chain[0] === "()")) {
          const matcher = chain.at(-1) ?? "";
          const subject = base === "should" && chain[0] === "()" ? shouldCall(fn) : shouldSubject(fn);
          if (SHOULD_EXACT.has(matcher)) for (const a of list) literal(a, ancestors, "exact");
          else if (SHOULD_CONTAINS.has(matcher)) for (const a of list) literal(a, ancestors, "contains");
          else if (matcher === "match" && list[0]) literal(list[0], ancestors, unwrap(list[0]).type === "regex" ? "regex" : "contains");
          if (subject && (SHOULD_EXACT.has(matcher) || SHOULD_CONTAINS.has(matcher) || matcher === "match")) readHeaderName(subject, ancestors);
        }
        // The header an exact assertion reads from the response (`assert.equal(res.getHeader('X'), '0')`): the name
        // is what the code must set, judged by its producer like any literal.
        if (((base !== null && ASSERTERS.has(base)) || (base === "expect" && chain.includes("()"))) && list[0]) readHeaderName(base === "expect" ? (expectSubject(fn) ?? list[0]) : list[0], ancestors);
        // A command-line flag in an array the test hands to a call (`run(['--scalar', file])`, `execa(bin, ['--x'])`):
        // it names what the code's parser must accept, judged by its producer like any literal (gaps13, as python.ts).
        for (const a of list) {
          const array = unwrap(a);
          if (array.type !== "array") continue;
          for (const element of named(array)) {
            const flag = !assertionLiterals.has(element) ? stringValue(source, element) : null;
            if (flag === null || !ARGV_FLAG.test(flag)) continue;
            assertionLiterals.add(element);
            push(element, ancestors, { kind: "literal", value: flag, module: null, via: "argv", match: "exact" });
          }
        }
        // Arguments the base signature may lack: recorded on the callee, judged by the classifier.
        // `parse(a, b)` (imported; a default or namespace import calls the module's own export) or `mod.parse(a, b)`.
        let called: { module: string; fn: string } | null = null;
        // A method of an instance the test made: the instance is the data it works on, so an object literal as its
        // first argument is its options (`new MIMEType(s).isJavaScript({ allowParameters: true })`; gaps6).
        let onInstance = false;
        called = boundCallee(fn);
        if (fn?.type === "member_expression") {
          const object = field(fn, "object");
          const property = field(fn, "property");
          const binding = object?.type === "identifier" ? bindings.get(textOf(source, object)) : undefined;
          // A method of an instance the test made (`this.negotiator.encoding(a, b)`): its signature is the class's `X.m`.
          const cls = object && property && !binding ? instanceOf(unwrap(object)) : undefined;
          if (cls && !cls.endsWith("()")) {
            called = { module: bindings.get(cls)!.module, fn: `${bindings.get(cls)!.imported === "default" || bindings.get(cls)!.imported === "*" ? cls : bindings.get(cls)!.imported}.${textOf(source, property!)}` };
            onInstance = true;
          } else if (cls) {
            // A method of what a repository function returns (`colord(x).mix(a, b)`): `colord().mix`, its class read by
            // the classifier from the function's declared return type (analyzer 37).
            called = { module: bindings.get(cls.slice(0, -2))!.module, fn: `${cls}.${textOf(source, property!)}` };
            onInstance = true;
          }
        }
        // Only the repository's own functions: a package's signature is not gold's to change.
        if (called && /^[./]/.test(called.module)) {
          const target = called;
          // `fn(...input)`, `input` a field of a local table's rows: each row's array is the call's argument list.
          const spread = list.length === 1 && list[0]!.type === "spread_element" ? named(list[0]!)[0] : undefined;
          const lists = spread?.type === "identifier" ? spreadRows(textOf(source, spread), ancestors) : [];
          // A factory the test configures, then calls (`const merge = factory({ opt: true })`, `merge(a, b)`): its first
          // argument is an options object, not the data the tested function works on (gaps5).
          const declarator = ancestors.slice().reverse().find((a) => a.type !== "await_expression" && a.type !== "parenthesized_expression");
          const boundTo = declarator?.type === "variable_declarator" && unwrap(field(declarator, "value") ?? declarator) === node ? field(declarator, "name") : null;
          const factory = boundTo?.type === "identifier" && calledLocals.has(textOf(source, boundTo));
          for (const row of lists.length > 0 ? lists : [list]) row.forEach((arg, index) => {
            const inner = unwrap(arg);
            if (index === 0 && !((factory || onInstance) && inner.type === "object")) return;
            if (inner.type === "object") optionKeys(inner, target, index, ancestors);
            else {
              push(arg, ancestors, { kind: "name", value: `${target.fn.split(".").at(-1)}#${index}`, module: target.module, owner: target.fn, via: "argument" });
              if (lists.length === 0) argumentCalls.set(deps.at(-1)!, { call: node, index });
            }
          });
        }
        return;
      }
      case "new_expression": {
        // `new Cookie(name, value, { partitioned: true })`, `new lib.Formatter({ prog: "x" })`: an object passed to a
        // class the repository exports is its options, recorded on the class as a call's are (gaps13). Unlike a call's
        // first argument (the data a function works on), a constructor's first object is its options too: the instance
        // is what the class works on. A package's class, or one the test defines, is not gold's to change.
        const ctor = field(node, "constructor");
        // `new schema.Entity(…)`, `schema` a named import: a class the module's exported namespace object holds.
        const holder = ctor?.type === "member_expression" && field(ctor, "object")?.type === "identifier" ? bindings.get(textOf(source, field(ctor, "object")!)) : undefined;
        const held = holder && field(ctor!, "property") ? { module: holder.module, fn: textOf(source, field(ctor!, "property")!) } : null;
        const made = boundCallee(ctor) ?? held;
        if (made && /^[./]/.test(made.module)) {
          const target = made;
          // Every position is recorded on the class as well (`new Style(window, undefined, { context })`): gold may add
          // one or move what one means (cssstyle-global-object-argument, held-out 20; analyzer 37).
          args(node).forEach((arg, index) => {
            const inner = unwrap(arg);
            if (inner.type === "spread_element") return;
            push(arg, ancestors, { kind: "name", value: `${target.fn.split(".").at(-1)}#${index}`, module: target.module, owner: target.fn, via: "argument" });
            if (inner.type === "object") optionKeys(inner, target, index, ancestors);
          });
        }
        return;
      }
      case "member_expression": {
        const object = field(node, "object");
        const property = field(node, "property");
        // `this.negotiator.encoding`: a method of the instance a hook made.
        const made = object && property && (object.type === "member_expression" || ["new_expression", "call_expression"].includes(unwrap(object).type)) ? instanceOf(unwrap(object)) : undefined;
        if (made) {
          push(node, ancestors, { kind: "name", value: textOf(source, property!), module: bindings.get(made.replace(/\(\)$/, ""))?.module ?? null, owner: made, via: "method" });
          return;
        }
        // `require('../lib/util').isEmpty`: a name of that module, as a member of the module bound whole is.
        const required = object && property && unwrap(object).type === "call_expression" ? requireOf(source, unwrap(object)) : null;
        if (required !== null) {
          const parentCall = ancestors.at(-1)?.type === "call_expression" && field(ancestors.at(-1)!, "function") === node;
          push(node, ancestors, { kind: "name", value: textOf(source, property!), module: required, via: parentCall ? "member-call" : "member" });
          const local = readOffLocals.get(node);
          if (local) {
            deps.at(-1)!.readOffModule = true;
            importLocals.set(deps.at(-1)!, local);
          }
          return;
        }
        if (!object || !property || object.type !== "identifier") return;
        const local = textOf(source, object);
        const prop = textOf(source, property);
        const binding = bindings.get(local);
        const parent = ancestors.at(-1);
        const isCall = parent?.type === "call_expression" && field(parent, "function") === node;
        if (binding) {
          // A member of a default import is a property of the module's default export (owner "default"); the
          // module's exports are still where it is looked up (a CommonJS module.exports is the default as well).
          // A whole module bound to a class-like name (`const MIMEType = require("..")`): its members may be the static
          // members of the class the module exports, so the binding is kept as their owner; the classifier judges them
          // by that class where a tree defines it, by the module's exports otherwise (gaps6).
          const classLike = binding.imported === "*" && /^[A-Z]/.test(local) && /[a-z]/.test(local);
          if (binding.imported === "*" || binding.imported === "default") push(node, ancestors, { kind: "name", value: prop, module: binding.module, ...(binding.imported === "default" ? { owner: "default" } : classLike ? { owner: local } : {}), via: isCall ? "member-call" : "member" });
          else push(node, ancestors, { kind: "name", value: prop, module: binding.module, owner: binding.imported, via: "property" });
        } else if (instances.has(local)) {
          const cls = instances.get(local)!;
          push(node, ancestors, { kind: "name", value: prop, module: bindings.get(cls.replace(/\(\)$/, ""))?.module ?? null, owner: cls, via: "method" });
        }
        return;
      }
      case "string":
      case "template_string":
      case "number":
        if (!isInsideImport(ancestors)) literalNodes.push(node);
        return;
      case "unary_expression":
        // `-1`: one number, its minus included (read as an input, unless an assertion compares it).
        if (numberText(source, node) === null) return;
        literalNodes.push(node);
        return false;
    }
  });
  // A constant also used outside comparisons is an input the test feeds in.
  const inputs = inputConstants(state);
  // A test's or suite's title is no input to the code under test.
  const titles = new Set<TSyntaxNode>();
  walk(root, (node) => {
    if (node.type !== "call_expression") return;
    if (testName(source, node, TEST_FUNCS) !== null || testName(source, node, SUITE_FUNCS) !== null || subtestName(node) !== null) {
      const first = args(node)[0];
      if (first) titles.add(unwrap(first));
    }
  });
  // Keys of the objects the test hands to a call other than an assertion (`h('div', { selected: 'x' })`): words of its
  // input, as its strings are (analyzer 38).
  const suppliedKeys = new Set<string>();
  walk(root, (node) => {
    if (node.type !== "call_expression" || ASSERTERS.has(callee(source, node).base ?? "") || /^expect\b/.test(textOf(source, field(node, "function") ?? node))) return;
    for (const arg of args(node)) {
      const object = unwrap(arg);
      if (object.type !== "object") continue;
      for (const prop of named(object)) {
        const key = prop.type === "pair" ? field(prop, "key") : prop.type === "shorthand_property_identifier" ? prop : null;
        const name = key ? (key.type === "string" ? stringValue(source, key) : textOf(source, key)) : null;
        if (name) suppliedKeys.add(name);
      }
    }
  });
  const twice = new Set<string>();
  for (const node of literalNodes) {
    if (assertionLiterals.has(node) || titles.has(node)) continue;
    const value = numberText(source, node) ?? stringValue(source, node);
    if (value === null) continue;
    if (supplied.has(value)) twice.add(value);
    supplied.add(value);
  }
  // mocha's `suite("name")` with no callback, at the top level: the tests after it belong to that suite.
  const openSuites = named(root)
    .filter((st) => st.type === "expression_statement" && named(st)[0]?.type === "call_expression")
    .map((st) => named(st)[0]!)
    .filter((call) => testName(source, call, SUITE_FUNCS) !== null && args(call).length === 1)
    .map((call) => ({ line: call.row + 1, name: testName(source, call, SUITE_FUNCS)! }));
  if (openSuites.length > 0) {
    for (const t of tests) {
      const open = openSuites.findLast((o) => o.line < t.line);
      if (open) t.suites = [open.name, ...t.suites];
    }
  }
  markUndecided(root, source, argumentCalls);
  const dependencies = keptDependencies(state, inputs);
  const readers = importReaders(root, source, new Set(importLocals.values()), enclosingCase);
  for (const [d, local] of importLocals) {
    const lines = readers.get(local);
    if (lines && lines.length > 0) d.readIn = lines;
  }
  const echoed = echoedDependencies(state);
  return { file: file.path, language, tests, dependencies, suppliedLiterals: [...supplied], ...(suppliedKeys.size > 0 ? { suppliedKeys: [...suppliedKeys] } : {}), ...(twice.size > 0 ? { suppliedTwice: [...twice] } : {}), ...(echoed.length > 0 ? { echoed } : {}), ...(callbacks.length > 0 ? { callbacks } : {}), ...(jsonSerialized.length > 0 ? { jsonSerialized } : {}) };
}

export { extractJavaScriptDefinitions, resolveScriptModule };
export { regexWords, stringValue } from "./javascript-syntax";

export const isScriptTestFile = (path: string) => /(^|\/)(__tests__|tests?|spec)\//.test(path) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(path);
/** A helper module beside the tests (`test/_utils.ts`, `test/helpers/table.js`), which tests import: read for its definitions. */
export const isScriptSupportModule = (path: string) =>
  isScriptTestFile(path) && !/\.(test|spec|test-d)\.[cm]?[jt]sx?$/.test(path)
  && /(^|\/)(_[^/]*|(helpers?|utils?|support|fixtures?|common|setup)(\.[^/]*)?)$|(^|\/)(helpers?|utils?|support|fixtures?)\//.test(path);

export const javascript: TLanguage = {
  ...sourceLanguage("javascript"),
  unit: "test file",
  isTestFile: isScriptTestFile,
  isSupportModule: isScriptSupportModule,
  extractTests: (file) => extractJavaScriptTests(file, "javascript"),
  extractDefinitions: extractJavaScriptDefinitions,
  resolveModule: resolveScriptModule,
  isExternal: (specifier) => !specifier.startsWith(".") && !specifier.startsWith("/"),
};

const squeeze = (source: string, n: TSyntaxNode) => textOf(source, n).replace(/\s+/g, "");

/**
 * Marks a positional argument `undecided` where the test shows its value does not decide the result: in the same suite
 * (the call that holds the test, a describe or a helper with its own setup) another exact assertion expects the same
 * output from the same call with every other argument equal and this one omitted or different. (Prompted by
 * negotiator-preferred-encodings, recall5: under `gzip;q=0.8` the test expects 'gzip' whatever is preferred.)
 */
function markUndecided(root: TSyntaxNode, source: string, argumentCalls: Map<TDependency, { call: TSyntaxNode; index: number }>): void {
  if (argumentCalls.size === 0) return;
  const compared: { call: TSyntaxNode; callee: string; args: string[]; expected: string; suite: number }[] = [];
  walk(root, (node, ancestors) => {
    if (node.type !== "call_expression") return;
    const { base, chain } = callee(source, node);
    const list = args(node);
    let pair: [TSyntaxNode | undefined, TSyntaxNode | undefined] = [undefined, undefined];
    const method = (chain[0] === "strict" ? chain[1] : chain[0]) ?? "";
    if (base !== null && ASSERTERS.has(base) && (chain.length === 0 || EXACT_ASSERT.has(method)) && !method.startsWith("not")) pair = [list[0], list[1]];
    const fn = field(node, "function");
    const object = fn?.type === "member_expression" ? field(fn, "object") : null;
    const matcher = fn?.type === "member_expression" ? textOf(source, field(fn, "property") ?? fn) : "";
    if (object?.type === "call_expression" && textOf(source, field(object, "function") ?? object) === "expect" && EXPECT_EXACT.has(matcher)) pair = [args(object)[0], list[0]];
    let [actual, expected] = pair.map((n) => (n ? unwrap(n) : undefined));
    if (actual?.type !== "call_expression" && expected?.type === "call_expression") [actual, expected] = [expected, actual];
    if (actual?.type !== "call_expression" || !expected) return;
    const testAt = ancestors.findLastIndex((a) => a.type === "call_expression" && testName(source, a, TEST_FUNCS) !== null);
    const suite = testAt > 0 ? ancestors.slice(0, testAt).findLast((a) => a.type === "call_expression") : undefined;
    compared.push({ call: actual, callee: squeeze(source, field(actual, "function") ?? actual), args: args(actual).map((a) => squeeze(source, a)), expected: squeeze(source, expected), suite: suite ? suite.start : -1 });
  });
  for (const [d, { call, index }] of argumentCalls) {
    const own = compared.find((c) => c.call === call);
    if (!own) continue;
    const alike = compared.some((c) => c !== own && c.suite === own.suite && c.callee === own.callee && c.expected === own.expected
      && (c.args.length === index ? own.args.length === index + 1 : c.args.length === own.args.length && c.args[index] !== own.args[index])
      && c.args.every((a, i) => i === index || a === own.args[i]));
    if (alike) d.undecided = true;
  }
}

/**
 * A helper's suite title evaluated for one call: strings, the call's string arguments (`env`), `+`, a local variable
 * bound once in the helper, and `c ? a : b` whose condition is a (negated) known string's truthiness. Null otherwise.
 */
function evaluateTitle(source: string, node: TSyntaxNode, env: Map<string, string>, scope: TSyntaxNode, depth = 0): string | null {
  if (depth > 20) return null;
  const n = unwrap(node);
  const literal = stringValue(source, n);
  if (literal !== null) return literal;
  if (n.type === "identifier") {
    const name = textOf(source, n);
    if (env.has(name)) return env.get(name)!;
    let init: TSyntaxNode | null = null;
    let count = 0;
    walk(scope, (x) => {
      if (x.type === "variable_declarator" && field(x, "name")?.type === "identifier" && textOf(source, field(x, "name")!) === name) {
        count++;
        init = field(x, "value");
      }
    });
    return count === 1 && init ? evaluateTitle(source, init, env, scope, depth + 1) : null;
  }
  if (n.type === "binary_expression" && textOf(source, field(n, "operator") ?? n) === "+") {
    const l = field(n, "left");
    const r = field(n, "right");
    const a = l ? evaluateTitle(source, l, env, scope, depth + 1) : null;
    const b = r ? evaluateTitle(source, r, env, scope, depth + 1) : null;
    return a !== null && b !== null ? a + b : null;
  }
  if (n.type === "ternary_expression") {
    const truth = truthOf(source, field(n, "condition"), env);
    const branch = truth === null ? null : field(n, truth ? "consequence" : "alternative");
    return branch ? evaluateTitle(source, branch, env, scope, depth + 1) : null;
  }
  return null;
}

function truthOf(source: string, node: TSyntaxNode | null, env: Map<string, string>): boolean | null {
  if (!node) return null;
  const n = unwrap(node);
  if (n.type === "unary_expression" && textOf(source, n).trim().startsWith("!")) {
    const inner = field(n, "argument");
    const t = truthOf(source, inner, env);
    return t === null ? null : !t;
  }
  if (n.type === "identifier" && env.has(textOf(source, n))) return env.get(textOf(source, n))! !== "";
  const literal = stringValue(source, n);
  return literal !== null ? literal !== "" : null;
}
