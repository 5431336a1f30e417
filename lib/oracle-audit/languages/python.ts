// Pure: Python extractor over tree-sitter's python tree: imports, attribute access on
// imported modules, pytest.raises(X, match=…), literals in assert comparisons.
import { sourceLanguage } from "@/lib/syntax/languages";
import { emptyDefinitions, isNonLibraryPath, normalizePath, dirname, type TLanguage } from "../language";
import { field, fields, lineOf, named, textOf, walk } from "../syntax";
import { extractionState, inputConstants, keptDependencies } from "./extraction-state";
import { builtExpected } from "./python-expected";
import type { TDependency, TFileDefinitions, TLiteralMatch, TParsedFile, TSyntaxNode, TTestExtraction } from "../types";

export function pythonString(source: string, node: TSyntaxNode): string | null {
  if (node.type === "concatenated_string") {
    const parts = named(node).map((n) => pythonString(source, n));
    return parts.every((p) => p !== null) ? parts.join("") : null;
  }
  if (node.type !== "string") return null;
  if (node.children.some((c) => c.type === "interpolation")) return null;
  const raw = /^[rR]|^[bB][rR]|^[rR][bB]/.test(textOf(source, node));
  return node.children
    .filter((c) => c.type === "string_content" || c.type === "escape_sequence")
    .map((c) => {
      const t = textOf(source, c);
      if (c.type === "escape_sequence" && !raw) return ({ "\\n": "\n", "\\t": "\t", "\\\\": "\\", "\\'": "'", '\\"': '"' } as Record<string, string>)[t] ?? t;
      return t;
    })
    .join("");
}

function fstringParts(source: string, node: TSyntaxNode): string[] {
  const parts = [""];
  for (const c of node.children) {
    if (c.type === "interpolation") parts.push("");
    else if (c.type === "string_content") parts[parts.length - 1] += textOf(source, c);
  }
  return parts;
}

const dotted = (source: string, node: TSyntaxNode | null) => (node ? textOf(source, node).replace(/\s+/g, "") : "");

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
  walk(root, (node, ancestors) => {
    if (node.type === "assignment") {
      const left = field(node, "left");
      const right = field(node, "right");
      if (left?.type === "identifier" && right && ["string", "concatenated_string", "integer", "float", "list", "tuple", "dictionary"].includes(right.type)) constants.set(textOf(source, left), right);
    } else if (node.type === "identifier" && !(ancestors.at(-1)?.type === "assignment" && field(ancestors.at(-1)!, "left") === node)) {
      uses.set(textOf(source, node), (uses.get(textOf(source, node)) ?? 0) + 1);
    }
  });

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
        const paramIndex = fnNode ? parameterNames(fnNode).indexOf(name) : -1;
        if (fnNode && paramIndex !== -1) {
          const fnName = textOf(source, field(fnNode, "name")!);
          const rows = parametrizedValues(ancestors[fnIndex - 1] ?? null, name);
          if (rows) for (const r of rows) work.push({ node: r, match, row: true });
          else if (!fnName.startsWith("test")) {
            const flows = helperFlows.get(fnName) ?? [];
            if (!flows.some((f) => f.index === paramIndex)) flows.push({ index: paramIndex, name, match, via });
            helperFlows.set(fnName, flows);
          }
          continue;
        }
        if (constants.has(name)) {
          comparedUses.set(name, (comparedUses.get(name) ?? 0) + 1);
          work.push({ node: constants.get(name)!, match, constant: name });
          continue;
        }
      }
      const value = pythonString(source, node);
      const later: typeof work = [];
      if (value !== null) {
        asserted.add(node);
        named(node).forEach((n) => asserted.add(n));
        push(node, ancestors, { kind: "literal", value, module: null, via, match });
      } else if (node.type === "integer" || node.type === "float") {
        asserted.add(node);
        push(node, ancestors, { kind: "literal", value: textOf(source, node), module: null, via, match: "exact" });
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
        if (/^self\.assert(Less|LessEqual|Greater|GreaterEqual)$/.test(fnText) && list[1]) literal(list[1], ancestors, "exact");
        if (/^self\.assert(CountEqual|SequenceEqual|TupleEqual|SetEqual|MultiLineEqual)$/.test(fnText)) for (const a of list.slice(0, 2)) literal(a, ancestors, "exact");
        if (fnText === "self.assertIn" && list[0]) literal(list[0], ancestors, "contains");
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
        for (const cmp of named(node)) {
          if (cmp.type !== "comparison_operator") continue;
          const ops = cmp.children.filter((c) => !c.named).map((c) => textOf(source, c));
          const operands = named(cmp);
          const contains = ops.includes("in") || ops.includes("not");
          if (ops.length === 1 && ops[0] === "==") for (const a of builtExpected(source, operands, ancestors)) literal(a, ancestors, "exact");
          operands.forEach((operand, i) => {
            // `"x" in result`: the left side is the substring; `result in ("a", "b")` the right side lists exact values.
            literal(operand, ancestors, contains && i === 0 ? "contains" : "exact");
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
        return;
      }
      case "string":
      case "integer":
      case "float":
        literalNodes.push(node);
        return false;
    }
  });
  // A constant also used outside comparisons is an input the test feeds in.
  const inputs = inputConstants(state);
  for (const node of literalNodes) {
    if (asserted.has(node)) continue;
    const v = node.type === "string" ? pythonString(source, node) : textOf(source, node);
    if (v !== null) supplied.add(v);
  }
  const dependencies = keptDependencies(state, inputs);
  return { file: file.path, language: "python", tests, dependencies, suppliedLiterals: [...supplied] };
}

export function extractPythonDefinitions(file: TParsedFile): TFileDefinitions {
  const { source, root } = file;
  const defs = emptyDefinitions(file.path);
  const names = new Set<string>();
  const qualified = new Set<string>();
  const strings = new Set<string>();
  const numbers = new Set<string>();
  const properties = new Set<string>();
  const docs: string[] = [];
  const importedFrom = new Map<string, string>();
  const nonLibrary = isNonLibraryPath(file.path) || isPythonSupportModule(file.path);
  const inFunction = (ancestors: TSyntaxNode[]) => ancestors.some((a) => a.type === "function_definition" || a.type === "lambda");
  walk(root, (node, ancestors) => {
    switch (node.type) {
      case "import_from_statement": {
        const mod = dotted(source, field(node, "module_name"));
        const topLevel = !inFunction(ancestors);
        // `from .sub import *`: this module passes on what the other exports (its __all__, if it has one).
        if (node.children.some((c) => c.type === "wildcard_import") && topLevel && !defs.reexports.includes(mod)) defs.reexports.push(mod);
        for (const item of fields(node, "name")) {
          const local = dotted(source, item.type === "aliased_import" ? field(item, "alias") : item);
          importedFrom.set(local, mod);
          // A name imported at module level is an attribute of this module (a package's __init__ re-exports it).
          if (topLevel) {
            names.add(local);
            defs.lines[local] ??= item.row + 1;
          }
        }
        return false;
      }
      case "import_statement":
        for (const item of fields(node, "name")) {
          // `import x as y` binds y, `import a.b` binds a: at module level, attributes of this module (prompted by held-out-3).
          const local = dotted(source, item.type === "aliased_import" ? field(item, "alias") : item).split(".")[0]!;
          importedFrom.set(local, "");
          if (!inFunction(ancestors)) {
            names.add(local);
            defs.lines[local] ??= item.row + 1;
          }
        }
        return false;
      case "function_definition": {
        const name = field(node, "name");
        if (!name) return;
        const n = textOf(source, name);
        names.add(n);
        defs.lines[n] ??= name.row + 1;
        const cls = ancestors.findLast((a) => a.type === "class_definition");
        const nested = ancestors.some((a) => a.type === "function_definition");
        const ps = field(node, "parameters");
        const list = ps ? named(ps) : [];
        const splat = list.some((p) => p.type === "list_splat_pattern" || p.type === "dictionary_splat_pattern");
        const paramNames = list.map((p) => textOf(source, p).replace(/[=:].*$/s, "").replace(/^\*+/, "").trim());
        if (!cls && !nested) {
          defs.arity[n] = splat ? null : list.length;
          defs.params[n] = paramNames;
          for (const p of paramNames) names.add(p);
        } else if (cls && !nested && ancestors.at(-1)?.type !== "function_definition") {
          // A method's keywords are what calls on it accept; `__init__`'s are the class's own (`Engine(strict=True)`).
          for (const p of paramNames.slice(1)) names.add(p);
          if (n === "__init__") {
            const clsName = textOf(source, field(cls, "name")!);
            defs.arity[clsName] = splat ? null : Math.max(0, list.length - 1);
            defs.params[clsName] = paramNames.slice(1);
          }
        }
        return;
      }
      case "class_definition": {
        const name = field(node, "name");
        if (!name) return;
        const cls = textOf(source, name);
        names.add(cls);
        defs.lines[cls] ??= name.row + 1;
        const supers = field(node, "superclasses");
        const heritage = supers ? named(supers).map((s) => dotted(source, s)) : [];
        const body = field(node, "body");
        const methods: string[] = [];
        for (let member of body ? named(body) : []) {
          if (member.type === "decorated_definition") member = field(member, "definition") ?? member;
          if (member.type === "function_definition") {
            const m = textOf(source, field(member, "name")!);
            methods.push(m);
            qualified.add(`${cls}.${m}`);
            defs.lines[`${cls}.${m}`] ??= member.row + 1;
          }
          if (member.type === "expression_statement") {
            const a = named(member)[0];
            const left = a?.type === "assignment" ? field(a, "left") : null;
            if (left?.type === "identifier") {
              qualified.add(`${cls}.${textOf(source, left)}`);
              names.add(textOf(source, left));
            }
          }
        }
        const external = heritage.some((h) => {
          const root = h.split(".")[0]!;
          const from = importedFrom.get(root);
          return from !== undefined && !from.startsWith(".");
        });
        defs.classes.push({ name: cls, heritage: heritage.map((h) => h.split(".").at(-1)!), externalHeritage: external, methods });
        return;
      }
      case "augmented_assignment":
      case "assignment": {
        const left = field(node, "left");
        if (left?.type === "identifier" && textOf(source, left) === "__all__" && !inFunction(ancestors)) {
          const right = field(node, "right");
          const listed: string[] = [];
          if (right) walk(right, (n) => {
            if (n.type !== "string") return;
            const v = pythonString(source, n);
            if (v !== null) listed.push(v);
            return false;
          });
          defs.all = node.type === "assignment" ? listed : [...(defs.all ?? []), ...listed];
        }
        if (node.type === "augmented_assignment") return;
        if (nonLibrary && inFunction(ancestors)) return;
        if (left?.type === "identifier") {
          names.add(textOf(source, left));
          defs.lines[textOf(source, left)] ??= left.row + 1;
        }
        if (left?.type === "attribute") {
          const attr = field(left, "attribute");
          if (attr) {
            names.add(textOf(source, attr));
            const cls = ancestors.findLast((a) => a.type === "class_definition");
            if (cls) qualified.add(`${textOf(source, field(cls, "name")!)}.${textOf(source, attr)}`);
          }
        }
        return;
      }
      case "keyword_argument": {
        const name = field(node, "name");
        if (name && !nonLibrary) properties.add(textOf(source, name));
        return;
      }
      case "attribute": {
        const attr = field(node, "attribute");
        if (attr && !nonLibrary) properties.add(textOf(source, attr));
        return;
      }
      case "string": {
        // Literals of examples and scripts are not what the library produces; nor is a docstring (a string standing
        // alone as a statement): its doctest outputs are documentation of what the code computes.
        if (nonLibrary) return false;
        const statement = ancestors.at(-1);
        if (statement?.type === "expression_statement" && named(statement).length === 1) {
          const doc = pythonString(source, node);
          if (doc !== null) docs.push(doc);
          return false;
        }
        const v = pythonString(source, node);
        if (v !== null) {
          strings.add(v);
          // "{} of {}".format(…) and "%s: %s" % (…) are templates too.
          if (/\{[^{}]*\}|%[sdrifx]/.test(v)) defs.templates.push(v.split(/\{[^{}]*\}|%[-+ #0]*\d*(?:\.\d+)?[sdrifx]/));
        } else defs.templates.push(fstringParts(source, node));
        return false;
      }
      case "integer":
      case "float":
        if (!nonLibrary) numbers.add(textOf(source, node));
        return;
    }
  });
  defs.names = [...names];
  defs.qualified = [...qualified];
  defs.strings = [...strings];
  defs.numbers = [...numbers];
  defs.properties = [...properties];
  if (docs.length > 0) defs.docs = docs;
  return defs;
}

export function resolvePythonModule(specifier: string, fromFile: string, files: ReadonlySet<string>): string | null {
  let base: string | null;
  if (specifier.startsWith(".")) {
    const dots = specifier.match(/^\.+/)![0].length;
    let dir = dirname(fromFile);
    for (let i = 1; i < dots; i++) dir = dirname(dir);
    base = normalizePath(`${dir}/${specifier.slice(dots).replace(/\./g, "/")}`);
  } else base = specifier.replace(/\./g, "/");
  if (base === null) return null;
  for (const root of ["", "src/", "lib/"]) {
    for (const c of [`${root}${base}.py`, `${root}${base}/__init__.py`, `${root}${base}.pyi`]) if (files.has(c)) return c;
    if ([...files].some((f) => f.startsWith(`${root}${base}/`))) return `${root}${base}/`;
  }
  return null;
}

const isPythonTestFile = (path: string) => /(^|\/)(test_[^/]*|[^/]*_test)\.py$/.test(path) || /(^|\/)tests?\/.*\.py$/.test(path) || /(^|\/)conftest\.py$/.test(path);
/** A module of a test folder that holds no tests by its name (`tests/__init__.py`, `tests/helpers.py`). */
const isPythonSupportModule = (path: string) => isPythonTestFile(path) && !/(^|\/)(test_[^/]*|[^/]*_test|conftest)\.py$/.test(path);

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
