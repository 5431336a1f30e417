// Pure: Python definitions over tree-sitter's python tree: the names a module defines and re-exports, the strings,
// numbers and templates it writes (its docstrings apart), and module resolution.
import { dirname, emptyDefinitions, isNonLibraryPath, normalizePath, ownKeys } from "../language";
import { descendants, field, fields, named, textOf, walk } from "../syntax";
import type { TFileDefinitions, TParsedFile, TSyntaxNode } from "../types";
import { dotted, fstringParts, isPythonSupportModule, pythonNumber, pythonString } from "./python-syntax";

/** The class a call makes, by Python's naming (`IceCreamDebugger()`, `mod.Engine(strict=True)`): a capitalised callee. */
function instanceMade(source: string, right: TSyntaxNode | null): string | null {
  const callee = right?.type === "call" ? field(right, "function") : null;
  const name = callee?.type === "identifier" ? textOf(source, callee) : callee?.type === "attribute" ? textOf(source, field(callee, "attribute") ?? callee) : null;
  return name && /^_?[A-Z]/.test(name) && !/^[A-Z0-9_]+$/.test(name) ? name : null;
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
  // Strings every occurrence of which the code transforms before anything reads them (`x = … "s" …; x = f(x)`).
  const transient = new Set<string>();
  const produced = new Set<string>();
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
        const picked = keywordsPicked(source, node, list);
        if (!cls && !nested) {
          if (picked.length > 0) (defs.kwargsKeys ??= ownKeys())[n] = picked;
          const made = returnedClass(source, node);
          if (made) (defs.returnsClass ??= ownKeys())[n] = made;
          // Attributes it sets on the one local it returns (`inner.cancel = …; return inner`; gaps11): `n().attr`.
          const attached = made ? null : returnedAttributes(source, node);
          if (attached) {
            (defs.returnsClass ??= ownKeys())[n] = `${n}()`;
            for (const [a, row] of attached) {
              qualified.add(`${n}().${a}`);
              defs.lines[`${n}().${a}`] ??= row + 1;
            }
          }
          defs.arity[n] = splat ? null : list.length;
          defs.params[n] = paramNames;
          for (const p of paramNames) names.add(p);
        } else if (cls && !nested && ancestors.at(-1)?.type !== "function_definition") {
          // A method's keywords are what calls on it accept; `__init__`'s are the class's own (`Engine(strict=True)`).
          for (const p of paramNames.slice(1)) names.add(p);
          if (n === "__init__") {
            const clsName = textOf(source, field(cls, "name")!);
            if (picked.length > 0) (defs.kwargsKeys ??= ownKeys())[clsName] = picked;
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
          const made = instanceMade(source, field(node, "right"));
          if (made && !inFunction(ancestors) && !ancestors.some((a) => a.type === "class_definition")) (defs.instanceOf ??= ownKeys())[textOf(source, left)] = made;
        }
        if (left?.type === "attribute") {
          const attr = field(left, "attribute");
          if (attr) {
            names.add(textOf(source, attr));
            const cls = ancestors.findLast((a) => a.type === "class_definition");
            if (cls) {
              const member = `${textOf(source, field(cls, "name")!)}.${textOf(source, attr)}`;
              qualified.add(member);
              defs.lines[member] ??= attr.row + 1;
              // `self.inline = ParserInline()`: what the attribute holds, bound to one class only (analyzer 42).
              const object = field(left, "object");
              const made = object?.type === "identifier" && textOf(source, object) === "self" ? instanceMade(source, field(node, "right")) : null;
              if (made) {
                const held = (defs.attributeClass ??= ownKeys());
                held[member] = held[member] === undefined || held[member] === made ? made : "";
              }
            }
          }
        }
        return;
      }
      case "call": {
        // `s.replace("'", "")`: text the code drops (gaps9).
        const f = field(node, "function");
        const attr = f?.type === "attribute" ? field(f, "attribute") : null;
        const list = field(node, "arguments");
        if (!nonLibrary && attr && textOf(source, attr) === "replace" && list) {
          const [x, y] = named(list);
          const from = x?.type === "string" ? pythonString(source, x) : null;
          if (from && y?.type === "string" && pythonString(source, y) === "") (defs.removals ??= []).push(from);
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
          (transformedBeforeUse(source, node, ancestors) ? transient : produced).add(v);
          // "{} of {}".format(…) and "%s: %s" % (…) are templates too.
          if (/\{[^{}]*\}|%[sdrifx]/.test(v)) defs.templates.push(v.split(/\{[^{}]*\}|%[-+ #0]*\d*(?:\.\d+)?[sdrifx]/));
        } else defs.templates.push(fstringParts(source, node));
        return false;
      }
      case "integer":
      case "float":
        if (!nonLibrary) numbers.add(textOf(source, node));
        return;
      case "unary_operator": {
        // `-1` is the number -1 (its digits, walked next, stay a number of their own as before).
        const negative = nonLibrary ? null : pythonNumber(source, node);
        if (negative?.startsWith("-")) numbers.add(negative);
        return;
      }
    }
  });
  defs.names = [...names];
  defs.qualified = [...qualified];
  defs.strings = [...strings];
  defs.numbers = [...numbers];
  defs.properties = [...properties];
  if (docs.length > 0) defs.docs = docs;
  const onlyTransient = [...transient].filter((v) => !produced.has(v));
  if (onlyTransient.length > 0) defs.transient = onlyTransient;
  return defs;
}

const PICKS = new Set(["pop", "get", "setdefault"]);

/**
 * The keywords a function picks by name out of its `**kwargs` parameter: `kwargs.pop("x", d)`, `kwargs.get("x")`,
 * `kwargs.setdefault("x", d)`, `kwargs["x"]`, `"x" in kwargs` (gaps6). A function that picks some keywords and passes the
 * rest on (`super().__init__(**kwargs)`) accepts exactly those, not every keyword.
 */
function keywordsPicked(source: string, fn: TSyntaxNode, params: TSyntaxNode[]): string[] {
  const splat = params.find((p) => p.type === "dictionary_splat_pattern");
  const id = splat ? named(splat).find((c) => c.type === "identifier") : undefined;
  const body = field(fn, "body");
  if (!id || !body) return [];
  const dict = textOf(source, id);
  const isDict = (n: TSyntaxNode | null) => n?.type === "identifier" && textOf(source, n) === dict;
  const keys = new Set<string>();
  const keyOf = (n: TSyntaxNode | undefined | null) => {
    const v = n?.type === "string" ? pythonString(source, n) : null;
    if (v) keys.add(v);
  };
  walk(body, (n) => {
    if (n.type === "call") {
      const f = field(n, "function");
      const attr = f?.type === "attribute" ? field(f, "attribute") : null;
      const args = field(n, "arguments");
      if (f && attr && isDict(field(f, "object")) && PICKS.has(textOf(source, attr)) && args) keyOf(named(args)[0]);
    } else if (n.type === "subscript" && isDict(field(n, "value"))) keyOf(field(n, "subscript"));
    else if (n.type === "comparison_operator") {
      const [a, b] = named(n);
      if (isDict(b ?? null) && /\bin\b/.test(source.slice(a?.end ?? n.start, b?.start ?? n.end))) keyOf(a);
    }
  });
  return [...keys];
}

const PASS_THROUGH = new Set(["binary_operator", "parenthesized_expression", "concatenated_string"]);
const SCOPES = new Set(["function_definition", "lambda", "class_definition", "module"]);
const LOOPS = new Set(["for_statement", "while_statement"]);

/**
 * A string written into a local variable (`x = str(token) + ".0"`, `x += ".0"`, in any branch) that the next
 * statement reading the variable rebinds to a call taking it (`x = increment(x)`): the code transforms it before
 * anything reads it, so it is an input of that call, not a piece of output (prompted by semver-bump-prerelease).
 */
function transformedBeforeUse(source: string, node: TSyntaxNode, ancestors: TSyntaxNode[]): boolean {
  let i = ancestors.length - 1;
  let below: TSyntaxNode = node;
  while (i >= 0 && PASS_THROUGH.has(ancestors[i]!.type)) below = ancestors[i--]!;
  const assignment = ancestors[i];
  if (!assignment || (assignment.type !== "assignment" && assignment.type !== "augmented_assignment") || field(assignment, "right") !== below) return false;
  const left = field(assignment, "left");
  const statement = ancestors[i - 1];
  if (left?.type !== "identifier" || statement?.type !== "expression_statement" || named(statement).length !== 1) return false;
  const variable = textOf(source, left);
  let current: TSyntaxNode = statement;
  for (let j = i - 2; j >= 0; j--) {
    const parent = ancestors[j]!;
    if (LOOPS.has(parent.type)) return false;
    if (parent.type === "block" || parent.type === "module") {
      const siblings = named(parent);
      for (const next of siblings.slice(siblings.indexOf(current) + 1)) {
        const reads = descendants(next).some((n) => n.type === "identifier" && textOf(source, n) === variable);
        if (!reads) continue;
        const a = named(next)[0];
        if (next.type !== "expression_statement" || a?.type !== "assignment") return false;
        const l = field(a, "left");
        const r = field(a, "right");
        if (l?.type !== "identifier" || textOf(source, l) !== variable || r?.type !== "call") return false;
        const args = field(r, "arguments");
        return args !== null && named(args).some((x) => x.type === "identifier" && textOf(source, x) === variable);
      }
    }
    if (SCOPES.has(parent.type)) return false;
    current = parent;
  }
  return false;
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


/** The class a function returns, where each of its own returns (inner functions and classes apart) is `return Cls(…)` (gaps8). */
/** The attributes a function sets on the one local every return of its own gives back (`return inner`), with rows. */
function returnedAttributes(source: string, fn: TSyntaxNode): [string, number][] | null {
  const body = field(fn, "body");
  if (!body) return null;
  const locals = new Set<string>();
  let other = false;
  const own = (visit: (n: TSyntaxNode) => boolean | void) => walk(body, (n) => {
    if (n.type === "function_definition" || n.type === "class_definition" || n.type === "lambda") return false;
    return visit(n);
  });
  own((n) => {
    if (n.type !== "return_statement") return;
    const value = named(n)[0];
    if (value?.type === "identifier") locals.add(textOf(source, value));
    else other = true;
    return false;
  });
  if (other || locals.size !== 1) return null;
  const local = [...locals][0]!;
  const attrs = new Map<string, number>();
  own((n) => {
    if (n.type !== "assignment") return;
    const left = field(n, "left");
    const obj = left?.type === "attribute" ? field(left, "object") : null;
    const attr = left?.type === "attribute" ? field(left, "attribute") : null;
    if (obj?.type === "identifier" && textOf(source, obj) === local && attr && !attrs.has(textOf(source, attr))) attrs.set(textOf(source, attr), attr.row);
  });
  return attrs.size > 0 ? [...attrs] : null;
}

function returnedClass(source: string, fn: TSyntaxNode): string | null {
  const body = field(fn, "body");
  if (!body) return null;
  const made = new Set<string>();
  let other = false;
  walk(body, (n) => {
    if (n.type === "function_definition" || n.type === "class_definition" || n.type === "lambda") return false;
    if (n.type !== "return_statement") return;
    const value = named(n)[0];
    const callee = value?.type === "call" ? field(value, "function") : null;
    if (callee?.type === "identifier" && /^[A-Z]/.test(textOf(source, callee))) made.add(textOf(source, callee));
    else other = true;
    return false;
  });
  return !other && made.size === 1 ? [...made][0]! : null;
}
