// Pure: Python extractor over tree-sitter's python tree: imports, attribute access on
// imported modules, pytest.raises(X, match=…), literals in assert comparisons.
import { sourceLanguage } from "@/lib/syntax/languages";
import type { TLanguage } from "../language";
import { descendants, field, fields, lineOf, named, textOf, walk } from "../syntax";
import { ARGV_FLAG, echoedDependencies, extractionState, inputConstants, keptDependencies } from "./extraction-state";
import { extractPythonDefinitions, resolvePythonModule } from "./python-definitions";
import { builtExpected, countedInTest } from "./python-expected";
import { dotted, isPythonSupportModule, isPythonTestFile, pythonNumber, pythonString } from "./python-syntax";
import type { TDependency, TLiteralMatch, TParsedFile, TSyntaxNode, TTestExtraction } from "../types";

export { pythonString } from "./python-syntax";

/**
 * Inside the message an assertion prints when it fails (`assert a == b, "{} != {}".format(a, b)`, `msg=…`): a
 * constant read there is neither compared nor fed to the code (humps' dekebabize; analyzer 32).
 */
function inAssertionMessage(source: string, node: TSyntaxNode, ancestors: readonly TSyntaxNode[]): boolean {
  return ancestors.some((a, i) => {
    const child = ancestors[i + 1] ?? node;
    if (a.type === "assert_statement") return named(a).indexOf(child) >= 1;
    return a.type === "keyword_argument" && field(a, "value") === child && ["msg", "err_msg"].includes(textOf(source, field(a, "name") ?? a));
  });
}

/** Binds `key` to `value` in `map`, or to null once it has been bound to something else: one binding or none. */
function bindOnce<K, V>(map: Map<K, V | null>, key: K, value: V | null): Map<K, V | null> {
  return map.set(key, map.has(key) && map.get(key) !== value ? null : value);
}

export function extractPythonTests(file: TParsedFile): TTestExtraction {
  const { source, root } = file;
  const modules = new Map<string, string>();
  const names = new Map<string, string>();
  const original = new Map<string, string>();
  const state = extractionState();
  const { deps, tests, supplied, literalNodes, constants, uses, comparedUses, fromConstant } = state;
  const asserted = new Set<TSyntaxNode>();
  let activeConstant: string | undefined;
  let activeRow = false;
  // A name a function takes as a parameter is, inside it, that parameter, not a constant of the same spelling
  // elsewhere in the file (a helper's `expected_sig` beside the test's own `expected_sig = […]`; recall5).
  const boundAsParameter = (name: string, ancestors: TSyntaxNode[]) => {
    const fn = ancestors.findLast((a) => a.type === "function_definition");
    const ps = fn ? field(fn, "parameters") : null;
    return ps !== null && named(ps).some((p) => textOf(source, p.type === "identifier" ? p : (field(p, "name") ?? named(p)[0] ?? p)) === name);
  };
  // The same local name bound in several tests (`expected_environ = {…}` in each): a use reads its own function's (gaps7).
  const localConstants = new Map<TSyntaxNode, Map<string, TSyntaxNode>>();
  walk(root, (node, ancestors) => {
    if (node.type === "assignment") {
      const left = field(node, "left");
      const right = field(node, "right");
      if (left?.type === "identifier" && right && ["string", "concatenated_string", "integer", "float", "list", "tuple", "dictionary"].includes(right.type)) {
        constants.set(textOf(source, left), right);
        const fn = ancestors.findLast((a) => a.type === "function_definition");
        if (fn) localConstants.set(fn, (localConstants.get(fn) ?? new Map()).set(textOf(source, left), right));
      }
    } else if (node.type === "identifier" && !(ancestors.at(-1)?.type === "assignment" && field(ancestors.at(-1)!, "left") === node) && !boundAsParameter(textOf(source, node), ancestors) && !inAssertionMessage(source, node, ancestors)) {
      uses.set(textOf(source, node), (uses.get(textOf(source, node)) ?? 0) + 1);
    }
  });

  // Instances the test makes (gaps5): `t = Table(…)`, or `t = helper_table()` where a module-level helper of the file
  // returns such a call (directly or through a local). A local bound to two different things anywhere is left out.
  // A class attribute a test class binds to a class (`dict_class = Dict` in the concrete subclass of an abstract test
  // class whose tests call `self.dict_class()`): bound to one class across the file's classes (`None` aside), it is that
  // class (held-out 15's addict).
  // A class the test file defines on another (`class CHILD_CLASS(Dict)`) counts as the class it extends.
  const localBase = new Map<string, string>();
  walk(root, (n) => {
    if (n.type !== "class_definition") return;
    const first = named(field(n, "superclasses") ?? n).find((c) => c.type === "identifier");
    if (first && field(n, "name")) localBase.set(textOf(source, field(n, "name")!), textOf(source, first));
  });
  const libraryClass = (cls: string) => {
    let c = cls;
    for (let i = 0; i < 5 && localBase.has(c) && !names.has(c); i++) c = localBase.get(c)!;
    return c;
  };
  const classAttributes = new Map<string, string | null>();
  walk(root, (n) => {
    if (n.type !== "class_definition") return;
    for (const statement of named(field(n, "body") ?? n)) {
      const a = statement.type === "expression_statement" ? named(statement)[0] : null;
      const left = a?.type === "assignment" ? field(a, "left") : null;
      const right = a?.type === "assignment" ? field(a, "right") : null;
      if (left?.type !== "identifier" || right?.type !== "identifier" || textOf(source, right) === "None") continue;
      const attr = textOf(source, left);
      const cls = libraryClass(textOf(source, right));
      bindOnce(classAttributes, attr, cls);
    }
  });
  const selfAttribute = (f: TSyntaxNode | null) => {
    const object = f?.type === "attribute" ? field(f, "object") : null;
    const attr = f?.type === "attribute" ? field(f, "attribute") : null;
    return object?.type === "identifier" && ["self", "cls"].includes(textOf(source, object)) && attr ? (classAttributes.get(textOf(source, attr)) ?? null) : null;
  };
  const calleeOf = (n: TSyntaxNode | null) => {
    const f = n?.type === "call" ? field(n, "function") : null;
    return f?.type === "identifier" ? textOf(source, f) : selfAttribute(f);
  };
  const helperMakes = new Map<string, string>();
  for (const top of named(root)) {
    const fn = top.type === "decorated_definition" ? field(top, "definition") : top;
    const name = fn?.type === "function_definition" ? field(fn, "name") : null;
    if (!fn || !name) continue;
    const made = new Map<string, string | null>();
    const returned = new Set<string | null>();
    walk(fn, (n) => {
      if (n !== fn && (n.type === "function_definition" || n.type === "class_definition")) return false;
      if (n.type === "assignment" && field(n, "left")?.type === "identifier") {
        const local = textOf(source, field(n, "left")!);
        const c = calleeOf(field(n, "right"));
        bindOnce(made, local, c);
      }
      if (n.type === "return_statement") {
        const e = named(n)[0] ?? null;
        returned.add(e?.type === "identifier" ? (made.get(textOf(source, e)) ?? null) : calleeOf(e));
      }
      return;
    });
    const only = returned.size === 1 ? [...returned][0] : null;
    if (only) helperMakes.set(textOf(source, name), only);
  }
  const instanceClass = new Map<string, string | null>();
  // The same bindings per function: a test's own `md = MarkdownIt()` is its instance, whatever another test binds `md`
  // to (`md = MarkdownIt().use(plugin)`, unknown; analyzer 42).
  const instanceIn = new Map<TSyntaxNode, Map<string, string | null>>();
  const bind = (local: string, cls: string | null, ancestors: TSyntaxNode[]) => {
    bindOnce(instanceClass, local, cls);
    const fn = ancestors.findLast((a) => a.type === "function_definition");
    if (!fn) return;
    const own = instanceIn.get(fn) ?? new Map<string, string | null>();
    instanceIn.set(fn, bindOnce(own, local, cls));
  };
  const madeByModuleCall = new Map<string, string | null>();
  walk(root, (n, ancestors) => {
    // A parameter annotated with a class (`def test_x(pm: PluginManager)`, a pytest fixture's instance): an instance of
    // it, as a local assigned `Cls(…)` is (held-out 13's pluggy).
    if (n.type === "typed_parameter" || n.type === "typed_default_parameter") {
      const param = n.children.find((c) => c.type === "identifier");
      const type = field(n, "type");
      const cls = type && type.children.length === 1 && type.children[0]!.type === "identifier" ? textOf(source, type.children[0]!) : type?.type === "identifier" ? textOf(source, type) : null;
      if (param && cls) {
        bind(textOf(source, param), cls, ancestors);
      }
      return;
    }
    if (n.type !== "assignment" || field(n, "left")?.type !== "identifier") return;
    const local = textOf(source, field(n, "left")!);
    const c = calleeOf(field(n, "right"));
    bind(local, c === null ? null : (helperMakes.get(c) ?? c), ancestors);
    // `parser = parse.compile(p)`: the value a module's function returns (gaps8); bound once only.
    const right = field(n, "right");
    const fnNode = right?.type === "call" ? field(right, "function") : null;
    const made = fnNode?.type === "attribute" && field(fnNode, "object")?.type === "identifier" ? textOf(source, fnNode) : null;
    bindOnce(madeByModuleCall, local, made);
  });
  // Instances a test keeps on `self` (`self.distro = distro.LinuxDistribution(…)`, `self.t = Table()`): the call that
  // makes each, one across the file; resolved at use, once the imports are read (analyzer 44).
  const selfInstances = new Map<string, string | null>();
  walk(root, (n) => {
    if (n.type !== "assignment") return;
    const left = field(n, "left");
    const right = field(n, "right");
    const holder = left?.type === "attribute" ? field(left, "object") : null;
    const attr = left?.type === "attribute" ? field(left, "attribute") : null;
    if (!attr || holder?.type !== "identifier" || textOf(source, holder) !== "self") return;
    const fnNode = right?.type === "call" ? field(right, "function") : null;
    const made = fnNode?.type === "identifier" || (fnNode?.type === "attribute" && field(fnNode, "object")?.type === "identifier") ? textOf(source, fnNode) : null;
    bindOnce(selfInstances, textOf(source, attr), made);
  });
  /** The class and module of what `self.<attr>` holds: `Cls(…)` imported, or `mod.Cls(…)` of an imported module. */
  const selfInstance = (attr: string): { module: string; cls: string } | null => {
    const made = selfInstances.get(attr);
    if (!made) return null;
    const [head, tail] = made.includes(".") ? made.split(".") : [null, made];
    if (!tail || !/^[A-Z]/.test(head ? tail : (original.get(tail) ?? tail))) return null;
    if (head) return modules.has(head) ? { module: modules.get(head)!, cls: tail } : null;
    return names.has(tail) ? { module: names.get(tail)!, cls: original.get(tail) ?? tail } : null;
  };
  /** The imported class a local is an instance of (a class by Python's naming: a capitalised name). */
  const classOfInstance = (local: string, ancestors: readonly TSyntaxNode[] = []) => {
    const fn = ancestors.findLast((a) => a.type === "function_definition" && instanceIn.get(a)?.has(local));
    const cls = fn ? instanceIn.get(fn)!.get(local) : instanceClass.get(local);
    return cls && names.has(cls) && /^[A-Z]/.test(original.get(cls) ?? cls) ? cls : null;
  };

  const enclosingCase = (ancestors: TSyntaxNode[]) => {
    const fn = ancestors.findLast((a) => a.type === "function_definition");
    const name = fn ? field(fn, "name") : null;
    return fn && name && textOf(source, name).startsWith("test") ? { name: textOf(source, name), line: fn.row + 1 } : null;
  };
  const push = (node: TSyntaxNode, ancestors: TSyntaxNode[], dep: Omit<TDependency, "line" | "text" | "test" | "owner" | "match"> & Partial<Pick<TDependency, "owner" | "match">>) => {
    const at = enclosingCase(ancestors);
    const d: TDependency = { owner: null, match: null, ...dep, ...lineOf(source, node), test: at?.name ?? null, testLine: at?.line ?? null };
    if (activeRow && d.kind === "literal") d.parametrized = true;
    deps.push(d);
    if (activeConstant !== undefined) fromConstant.set(d, activeConstant);
  };
  // Helpers the tests call: which parameters reach a comparison (`def check(x, expected): assert f(x) == expected`).
  const helperFlows = new Map<string, { index: number; name: string; match: TLiteralMatch; via: string }[]>();
  const parameterNames = (fn: TSyntaxNode) => {
    const ps = field(fn, "parameters");
    return (ps ? named(ps) : []).map((p) => (p.type === "identifier" ? textOf(source, p) : textOf(source, field(p, "name") ?? p).replace(/[:=].*$/s, "").trim()));
  };
  /** `@pytest.mark.parametrize("a, expected", [(1, "x"), …])`: the values one parameter takes. */
  const parametrizedValues = (decorated: TSyntaxNode | null, param: string): TSyntaxNode[] | null => {
    if (decorated?.type !== "decorated_definition") return null;
    for (const decorator of decorated.children.filter((c) => c.type === "decorator")) {
      const call = named(decorator)[0];
      if (call?.type !== "call" || !/(^|\.)parametrize$/.test(dotted(source, field(call, "function")))) continue;
      const argList = field(call, "arguments");
      const [namesNode, valuesNode] = argList ? named(argList).filter((a) => a.type !== "keyword_argument") : [];
      const namesValue = namesNode ? pythonString(source, namesNode) : null;
      const argNames = namesValue !== null ? namesValue.split(",").map((n) => n.trim()) : namesNode && (namesNode.type === "list" || namesNode.type === "tuple") ? named(namesNode).map((n) => pythonString(source, n) ?? "") : [];
      const at = argNames.indexOf(param);
      if (at === -1 || !valuesNode || (valuesNode.type !== "list" && valuesNode.type !== "tuple")) continue;
      const out: TSyntaxNode[] = [];
      for (let row of named(valuesNode)) {
        // pytest.param(a, b, id=…) wraps a row.
        if (row.type === "call" && /(^|\.)param$/.test(dotted(source, field(row, "function")))) {
          const inner = field(row, "arguments");
          const items = inner ? named(inner).filter((a) => a.type !== "keyword_argument") : [];
          if (argNames.length === 1) { if (items[0]) out.push(items[0]); continue; }
          if (items[at]) out.push(items[at]);
          continue;
        }
        if (argNames.length === 1) out.push(row);
        else if ((row.type === "tuple" || row.type === "list") && named(row)[at]) out.push(named(row)[at]!);
      }
      return out;
    }
    return null;
  };
  // The file's own functions (its fixtures, its helpers): a parameter of that name is the file's, not a dependency.
  const ownFunctions = new Set(descendants(root).filter((n) => n.type === "function_definition").flatMap((n) => (field(n, "name") ? [textOf(source, field(n, "name")!)] : [])));
  /**
   * The pytest fixtures a test takes (parso's `works_ge_py312`): its plain parameters, except `self`/`cls`, those a
   * `parametrize` gives values, one with a default (pytest passes none), and the file's own fixtures.
   */
  const fixturesTaken = (fn: TSyntaxNode, decorated: TSyntaxNode | null): TSyntaxNode[] => {
    const ps = field(fn, "parameters");
    const out: TSyntaxNode[] = [];
    for (const p of ps ? named(ps) : []) {
      const id = p.type === "identifier" ? p : p.type === "typed_parameter" ? (p.children.find((c) => c.type === "identifier") ?? null) : null;
      if (!id) continue;
      const name = textOf(source, id);
      if (name === "self" || name === "cls" || ownFunctions.has(name) || parametrizedValues(decorated, name) !== null || parametrizedNames(decorated).has(name)) continue;
      out.push(id);
    }
    return out;
  };
  /** Every name a `parametrize` decorator of the test gives (values read or not). */
  const parametrizedNames = (decorated: TSyntaxNode | null): Set<string> => {
    const out = new Set<string>();
    if (decorated?.type !== "decorated_definition") return out;
    for (const decorator of decorated.children.filter((c) => c.type === "decorator")) {
      const call = named(decorator)[0];
      if (call?.type !== "call" || !/(^|\.)parametrize$/.test(dotted(source, field(call, "function")))) continue;
      const first = named(field(call, "arguments") ?? call).find((a) => a.type !== "keyword_argument");
      const value = first ? pythonString(source, first) : null;
      if (value !== null) for (const n of value.split(",")) out.add(n.trim());
      else if (first && (first.type === "list" || first.type === "tuple")) for (const n of named(first)) out.add(pythonString(source, n) ?? "");
    }
    return out;
  };
  /** The parameter a loop variable runs over: `for x in p`, `for a, b in p`, `for (e, ev), … in zip(p, …)`, `enumerate(p)`. */
  const loopedParameter = (name: string, ancestors: TSyntaxNode[], fnIndex: number): string | null => {
    const binds = (n: TSyntaxNode) => descendants(n).some((x) => x.type === "identifier" && textOf(source, x) === name);
    for (let i = ancestors.length - 1; i > fnIndex; i--) {
      const loop = ancestors[i]!;
      if (loop.type !== "for_statement") continue;
      const left = field(loop, "left");
      let iterable = field(loop, "right");
      if (!left || !iterable || !binds(left)) continue;
      const combinator = iterable.type === "call" ? dotted(source, field(iterable, "function")) : "";
      if (combinator === "zip" || combinator === "enumerate") {
        const args = named(field(iterable, "arguments") ?? iterable).filter((a) => a.type !== "keyword_argument");
        const parts = ["pattern_list", "tuple_pattern", "tuple", "list_pattern"].includes(left.type) ? named(left) : [left];
        const at = parts.findIndex(binds);
        iterable = combinator === "zip" ? (args[at] ?? null) : at === 1 ? (args[0] ?? null) : null;
      }
      return iterable?.type === "identifier" ? textOf(source, iterable) : null;
    }
    return null;
  };
  // Dictionaries, lists and tuples are read with an explicit stack (no recursion on deep nesting).
  const literal = (start: TSyntaxNode, ancestors: TSyntaxNode[], startMatch: TLiteralMatch, via = "assert") => {
    const work: { node: TSyntaxNode; match: TLiteralMatch; constant?: string; row?: boolean }[] = [{ node: start, match: startMatch }];
    while (work.length > 0) {
      const item = work.pop()!;
      let { node } = item;
      const { match } = item;
      activeConstant = item.constant;
      activeRow = item.row === true;
      while (node.type === "parenthesized_expression" && named(node)[0]) node = named(node)[0]!;
      if (node.type === "identifier" && item.constant === undefined) {
        const name = textOf(source, node);
        // A parameter compared: a parametrized test's values, or a helper's argument at each call.
        const fnIndex = ancestors.findLastIndex((a) => a.type === "function_definition");
        const fnNode = fnIndex === -1 ? null : ancestors[fnIndex]!;
        // A loop variable over a parameter (`for x in expected`, `for (e, ev), (a, av) in zip(expected, …)`):
        // comparing it compares each element of what the parameter holds (recall5).
        const direct = fnNode ? parameterNames(fnNode).indexOf(name) : -1;
        const looped = fnNode && direct === -1 ? loopedParameter(name, ancestors, fnIndex) : null;
        const paramIndex = direct !== -1 ? direct : looped ? parameterNames(fnNode!).indexOf(looped) : -1;
        if (fnNode && paramIndex !== -1) {
          const fnName = textOf(source, field(fnNode, "name")!);
          const param = parameterNames(fnNode)[paramIndex]!;
          const rows = parametrizedValues(ancestors[fnIndex - 1] ?? null, param);
          if (rows) for (const r of rows) work.push({ node: r, match, row: true });
          else if (!fnName.startsWith("test")) {
            const flows = helperFlows.get(fnName) ?? [];
            if (!flows.some((f) => f.index === paramIndex)) flows.push({ index: paramIndex, name: param, match, via });
            helperFlows.set(fnName, flows);
          }
          continue;
        }
        if (constants.has(name)) {
          comparedUses.set(name, (comparedUses.get(name) ?? 0) + 1);
          work.push({ node: (fnNode && localConstants.get(fnNode)?.get(name)) || constants.get(name)!, match, constant: name });
          continue;
        }
      }
      const value = pythonString(source, node);
      const later: typeof work = [];
      if (value !== null) {
        asserted.add(node);
        named(node).forEach((n) => asserted.add(n));
        push(node, ancestors, { kind: "literal", value, module: null, via, match });
      } else if (pythonNumber(source, node) !== null) {
        asserted.add(node);
        named(node).forEach((n) => asserted.add(n));
        push(node, ancestors, { kind: "literal", value: pythonNumber(source, node)!, module: null, via, match: "exact" });
      } else if (node.type === "dictionary") {
        for (const pair of named(node)) {
          const key = field(pair, "key");
          const value = field(pair, "value");
          if (key && value) later.push({ node: key, match: "exact" }, { node: value, match });
        }
      } else if (node.type === "list" || node.type === "tuple") for (const element of named(node)) later.push({ node: element, match });
      work.push(...later.reverse().map((l) => ({ ...l, constant: item.constant, row: item.row })));
    }
    activeConstant = undefined;
    activeRow = false;
  };

  const argvFlag = (element: TSyntaxNode, ancestors: TSyntaxNode[]) => {
    const flag = element.type === "string" && !asserted.has(element) ? pythonString(source, element) : null;
    if (flag === null || !ARGV_FLAG.test(flag)) return;
    asserted.add(element);
    named(element).forEach((n) => asserted.add(n));
    push(element, ancestors, { kind: "literal", value: flag, module: null, via: "argv", match: "exact" });
  };

  walk(root, (node, ancestors) => {
    switch (node.type) {
      case "import_statement": {
        for (const item of fields(node, "name")) {
          const mod = dotted(source, item.type === "aliased_import" ? field(item, "name") : item);
          const alias = item.type === "aliased_import" ? dotted(source, field(item, "alias")) : mod.split(".")[0]!;
          modules.set(item.type === "aliased_import" ? alias : mod, mod);
          if (item.type !== "aliased_import") modules.set(alias, alias);
          push(node, ancestors, { kind: "path", value: mod, module: null, via: "import" });
        }
        return false;
      }
      case "import_from_statement": {
        const mod = dotted(source, field(node, "module_name"));
        push(node, ancestors, { kind: "path", value: mod, module: null, via: "import" });
        for (const item of fields(node, "name")) {
          const name = dotted(source, item.type === "aliased_import" ? field(item, "name") : item);
          const local = item.type === "aliased_import" ? dotted(source, field(item, "alias")) : name;
          names.set(local, mod);
          original.set(local, name);
          // `from pkg import submodule` binds a module; the classifier finds out which.
          modules.set(local, `${mod}${mod.endsWith(".") ? "" : "."}${name}`);
          push(item, ancestors, { kind: "name", value: name, module: mod, via: "import" });
        }
        return false;
      }
      case "attribute": {
        const object = field(node, "object");
        const attr = field(node, "attribute");
        if (!object || !attr) return;
        const objectText = dotted(source, object);
        const mod = modules.get(objectText);
        if (mod && !names.has(objectText)) {
          push(node, ancestors, { kind: "name", value: textOf(source, attr), module: mod, via: "member" });
          return false;
        }
        if (names.has(objectText)) {
          push(node, ancestors, { kind: "name", value: textOf(source, attr), module: names.get(objectText)!, owner: objectText, via: "property" });
          return false;
        }
        // `md.inline.add_terminator_char`, `md` an instance: a member of what the class's attribute holds, owned by
        // `MarkdownIt.inline`, which the classifier reads as the class the attribute is bound to (analyzer 42).
        const holder = object.type === "attribute" ? field(object, "object") : null;
        const held = holder?.type === "identifier" && !modules.has(textOf(source, holder)) ? classOfInstance(textOf(source, holder), ancestors) : null;
        const heldAttr = held ? field(object, "attribute") : null;
        const kept = holder?.type === "identifier" && textOf(source, holder) === "self" && object.type === "attribute" ? selfInstance(textOf(source, field(object, "attribute") ?? object)) : null;
        if (kept) push(node, ancestors, { kind: "name", value: textOf(source, attr), module: kept.module, owner: kept.cls, via: "property" });
        if (held && heldAttr) push(node, ancestors, { kind: "name", value: textOf(source, attr), module: names.get(held)!, owner: `${original.get(held) ?? held}.${textOf(source, heldAttr)}`, via: "property" });
        const cls = object.type === "identifier" && !modules.has(objectText) ? classOfInstance(objectText, ancestors) : null;
        if (cls) push(node, ancestors, { kind: "name", value: textOf(source, attr), module: names.get(cls)!, owner: original.get(cls) ?? cls, via: "property" });
        // A property of what a module's function returns (`parser.format`, `parser = parse.compile(p)`): owned by
        // `compile()`, which the classifier reads as the class that function returns (gaps8).
        const made = !cls && object.type === "identifier" && !modules.has(objectText) && !names.has(objectText) ? madeByModuleCall.get(objectText) : null;
        const [mod2, fn2] = made ? made.split(".") : [];
        if (mod2 && fn2 && modules.has(mod2) && !names.has(mod2)) {
          push(node, ancestors, { kind: "name", value: textOf(source, attr), module: modules.get(mod2)!, owner: `${fn2}()`, via: "property" });
          return false;
        }
        // The same read with no local between (`parse.compile(p).format`; gaps10): the call itself is walked on.
        const inner = object.type === "call" ? field(object, "function") : null;
        const innerObject = inner?.type === "attribute" ? field(inner, "object") : null;
        const innerFn = inner?.type === "attribute" ? field(inner, "attribute") : null;
        const mod3 = innerObject?.type === "identifier" ? textOf(source, innerObject) : null;
        if (mod3 && innerFn && modules.has(mod3) && !names.has(mod3)) {
          push(node, ancestors, { kind: "name", value: textOf(source, attr), module: modules.get(mod3)!, owner: `${textOf(source, innerFn)}()`, via: "property" });
        }
        return;
      }
      case "call": {
        const fn = field(node, "function");
        const fnText = dotted(source, fn);
        const argList = field(node, "arguments");
        const list = argList ? named(argList) : [];
        if (fnText === "pytest.raises" || fnText === "raises" || fnText === "pytest.warns" || fnText === "self.assertRaisesRegex" || fnText === "self.assertRaises" || fnText === "self.assertWarnsRegex") {
          for (const arg of list) {
            if (arg.type === "keyword_argument" && dotted(source, field(arg, "name")) === "match") {
              const v = field(arg, "value");
              if (v) literal(v, ancestors, "regex", "raises");
            }
          }
          if ((fnText === "self.assertRaisesRegex" || fnText === "self.assertWarnsRegex") && list[1]) literal(list[1], ancestors, "regex", "raises");
        }
        if (/^self\.assert(Equal|Equals|DictEqual|ListEqual)$/.test(fnText)) for (const a of list.slice(0, 2)) literal(a, ancestors, "exact");
        if (/^self\.assert(Equal|Equals)$/.test(fnText)) for (const a of builtExpected(source, list.slice(0, 2), ancestors)) literal(a, ancestors, "exact");
        if (/^self\.assert(Less|LessEqual|Greater|GreaterEqual)$/.test(fnText) && list[1]) {
          const before = deps.length;
          literal(list[1], ancestors, "exact");
          if (list[0] && countedInTest(source, list[0], ancestors)) for (const d of deps.slice(before)) d.counterBound = true;
        }
        if (/^self\.assert(CountEqual|SequenceEqual|TupleEqual|SetEqual|MultiLineEqual)$/.test(fnText)) for (const a of list.slice(0, 2)) literal(a, ancestors, "exact");
        if (fnText === "self.assertIn" && list[0]) literal(list[0], ancestors, "contains");
        // A mock's call assertion (`m.assert_called_once_with("…")`, `assert_called_with`, `assert_any_call`): its
        // arguments are what the code must pass, expected outputs (gaps7).
        if (fn?.type === "attribute" && /^assert_(called_once_with|called_with|any_call)$/.test(textOf(source, field(fn, "attribute")!))) {
          for (const a of list) {
            const v = a.type === "keyword_argument" ? field(a, "value") : a.type === "list_splat" || a.type === "dictionary_splat" ? null : a;
            if (v) literal(v, ancestors, "exact");
          }
        }
        // The name of an environment variable the test sets (`mock.patch.dict(os.environ, {"X": …})`,
        // `monkeypatch.setenv("X", …)`): the code's interface when the code reads it, so a dependency judged by its
        // producer like any literal (a name no source holds stays visible, the test's own data; gaps7).
        const envKey = (k: TSyntaxNode) => {
          const v = pythonString(source, k);
          if (v === null || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(v)) return;
          asserted.add(k);
          named(k).forEach((n) => asserted.add(n));
          push(k, ancestors, { kind: "literal", value: v, module: null, via: "env", match: "exact" });
        };
        const environ = list[0] ? dotted(source, list[0]) : "";
        if (/(^|\.)patch\.dict$/.test(fnText) && (environ === "os.environ" || environ === "environ" || (list[0] && pythonString(source, list[0]) === "os.environ")) && list[1]?.type === "dictionary") {
          for (const pair of named(list[1])) {
            const key = pair.type === "pair" ? field(pair, "key") : null;
            if (key) envKey(key);
          }
        }
        if (/(^|\.)setenv$/.test(fnText) && fn?.type === "attribute" && list[0] && list[0].type === "string") envKey(list[0]);
        // assertRegex(text, pattern): the pattern is the second argument.
        if (fnText === "self.assertRegex" && list[1]) literal(list[1], ancestors, "regex");
        // A call of a helper whose parameters reach a comparison: the arguments are the compared literals.
        const method = /^self\.\w+$/.test(fnText);
        const flows = fn?.type === "identifier" || method ? helperFlows.get(method ? fnText.slice(5) : fnText) : undefined;
        if (flows) {
          const positional = list.filter((a) => a.type !== "keyword_argument");
          for (const f of flows) {
            const byName = list.find((a) => a.type === "keyword_argument" && dotted(source, field(a, "name")) === f.name);
            const arg = byName ? field(byName, "value") : positional[f.index - (method ? 1 : 0)];
            if (arg) literal(arg, ancestors, f.match, f.via);
          }
        }
        // A command-line flag in an argument list the test hands to a call (`main(['--scalar', path])`,
        // `cc.run(['glom', '--scalar', …])`, `invoke(cli, args=[…])`): it names what the code's parser must accept, so
        // it is judged by its producer like any literal — the base's flag (`add_argument('--scalar')`) visible, a flag
        // no source writes the test's own (gaps13). Only a whole `--name` element; a list kept in a local is not read.
        for (const arg of list) {
          const value = arg.type === "keyword_argument" ? field(arg, "value") : arg;
          if (value?.type === "list" || value?.type === "tuple") for (const element of named(value)) argvFlag(element, ancestors);
        }
        // Keyword arguments the base signature may lack: on an imported function, or on `module.fn(kw=…)`.
        let callee: { module: string; fn: string } | null = null;
        if (fn?.type === "identifier" && names.has(fnText)) callee = { module: names.get(fnText)!, fn: original.get(fnText) ?? fnText };
        else if (fn?.type === "attribute") {
          const object = dotted(source, field(fn, "object"));
          const attr = field(fn, "attribute");
          const mod = modules.get(object);
          if (mod && attr) callee = { module: mod, fn: textOf(source, attr) };
          // A method called on a value the test made (`v.bump_prerelease(kw=…)`, `parse(x).bump_patch().m(kw=…)`):
          // judged by the methods of that name the trees define. Not `self.` (the test case's own assertions).
          const receiver = field(fn, "object");
          const root = receiver ? dotted(source, receiver).split(/[.(]/)[0]! : "";
          if (!callee && attr && receiver && root !== "self" && root !== "cls" && !modules.has(root) && (receiver.type === "identifier" || receiver.type === "call" || receiver.type === "attribute")) {
            callee = { module: "", fn: textOf(source, attr) };
          }
        }
        if (callee) {
          for (const arg of list) {
            if (arg.type === "keyword_argument") {
              const key = field(arg, "name");
              if (key) push(key, ancestors, { kind: "name", value: textOf(source, key), module: callee.module || null, owner: `${callee.fn}#kw`, via: "option" });
            }
          }
        }
        return;
      }
      case "assert_statement": {
        // `assert a == b and c == d`: both comparisons hold (recall5).
        const comparisons: TSyntaxNode[] = [];
        const pending = [...named(node)];
        while (pending.length > 0) {
          const n = pending.pop()!;
          if (n.type === "parenthesized_expression") pending.push(...named(n));
          else if (n.type === "boolean_operator" && n.children.some((c) => !c.named && textOf(source, c) === "and")) pending.push(...named(n));
          else comparisons.push(n);
        }
        for (const cmp of comparisons.reverse()) {
          if (cmp.type !== "comparison_operator") continue;
          const ops = cmp.children.filter((c) => !c.named).map((c) => textOf(source, c));
          const operands = named(cmp);
          const contains = ops.includes("in") || ops.includes("not");
          if (ops.length === 1 && ops[0] === "==") for (const a of builtExpected(source, operands, ancestors)) literal(a, ancestors, "exact");
          const bound = ops.length === 1 && ["<", "<=", ">", ">="].includes(ops[0]!);
          operands.forEach((operand, i) => {
            const before = deps.length;
            // `"x" in result`: the left side is the substring; `result in ("a", "b")` the right side lists exact values.
            literal(operand, ancestors, contains && i === 0 ? "contains" : "exact");
            const other = operands[1 - i];
            if (bound && operands.length === 2 && other && countedInTest(source, other, ancestors)) for (const d of deps.slice(before)) d.counterBound = true;
          });
        }
        return;
      }
      case "function_definition": {
        const name = field(node, "name");
        if (!name) return;
        const n = textOf(source, name);
        if (!n.startsWith("test")) return;
        const suites = ancestors.filter((a) => a.type === "class_definition").map((a) => textOf(source, field(a, "name")!));
        if (suites.length > 0 || !ancestors.some((a) => a.type === "function_definition")) tests.push({ name: n, suites, line: node.row + 1 });
        for (const param of fixturesTaken(node, ancestors.at(-1) ?? null)) push(param, [...ancestors, node], { kind: "name", value: textOf(source, param), module: null, via: "fixture" });
        return;
      }
      case "string":
      case "integer":
      case "float":
        literalNodes.push(node);
        return false;
      case "unary_operator":
        if (pythonNumber(source, node) === null) return;
        literalNodes.push(node);
        return false;
    }
  });
  // A constant also used outside comparisons is an input the test feeds in.
  const inputs = inputConstants(state);
  const twice = new Set<string>();
  for (const node of literalNodes) {
    if (asserted.has(node)) continue;
    const v = node.type === "string" ? pythonString(source, node) : pythonNumber(source, node);
    if (v === null) continue;
    if (supplied.has(v)) twice.add(v);
    supplied.add(v);
  }
  const dependencies = keptDependencies(state, inputs);
  const echoed = echoedDependencies(state);
  return { file: file.path, language: "python", tests, dependencies, suppliedLiterals: [...supplied], ...(twice.size > 0 ? { suppliedTwice: [...twice] } : {}), ...(echoed.length > 0 ? { echoed } : {}) };
}

export const python: TLanguage = {
  ...sourceLanguage("python"),
  unit: "test module",
  isTestFile: isPythonTestFile,
  isSupportModule: isPythonSupportModule,
  extractTests: extractPythonTests,
  extractDefinitions: extractPythonDefinitions,
  resolveModule: resolvePythonModule,
  // Without the tree at hand every absolute import may be the repository's own: the classifier decides.
  isExternal: () => false,
};
