// Pure: JavaScript and TypeScript source definitions over tree-sitter's trees: the names a module exports (and
// re-exports), the strings, numbers, templates, keys and pattern words it writes, and module resolution.
import { dirname, emptyDefinitions, isNonLibraryPath, normalizePath, ownKeys } from "../language";
import { field, named, textOf, walk } from "../syntax";
import type { TFileDefinitions, TParsedFile, TSyntaxNode } from "../types";
import { charCodeNumbers } from "./char-codes";
import { args, numberText, regexWords, requireOf, stringValue, templateParts, unwrap } from "./javascript-syntax";

export function extractJavaScriptDefinitions(file: TParsedFile): TFileDefinitions {
  const { source, root } = file;
  const defs = emptyDefinitions(file.path);
  const names = new Set<string>();
  const qualified = new Set<string>();
  const strings = new Set<string>();
  const numbers = new Set<string>();
  const properties = new Set<string>();
  const keys = new Set<string>();
  const matchWords = new Set<string>();
  const typeNames = new Set<string>();
  const charCodes = charCodeNumbers(root, source);
  // Strings every occurrence of which the code transforms before anything reads them (`x = … 's' …; x = f(x)`).
  const transient = new Set<string>();
  const produced = new Set<string>();
  const imported = new Map<string, boolean>();
  const define = (name: string, node: TSyntaxNode) => {
    names.add(name);
    defs.lines[name] ??= node.row + 1;
  };
  const params = (fnNode: TSyntaxNode, name: string) => {
    const list = field(fnNode, "parameters");
    if (!list) return;
    const ps = named(list).filter((p) => p.type !== "comment");
    // A non-arrow function that reads `arguments` (`var opts = arguments[1]`) takes any number (gaps10).
    defs.arity[name] = ps.some((p) => p.type === "rest_pattern" || textOf(source, p).startsWith("...")) || readsArguments(source, fnNode) ? null : ps.length;
    defs.params[name] = ps.map((p) => textOf(source, p).replace(/[=:?].*$/s, "").trim());
    // Destructured options (`function f(x, { strict } = {})`) are options the function reads.
    for (const p of ps) walk(p, (n) => { if (n.type === "shorthand_property_identifier_pattern") properties.add(textOf(source, n)); });
  };
  const nonLibrary = isNonLibraryPath(file.path);
  // Members a top-level function attaches to the value it returns (gaps11): recorded as the pseudo-class `fn()`,
  // the owner the test extractor gives a member of `const d = fn(x); d.m`.
  const returned = (fnNode: TSyntaxNode, name: string) => {
    if (nonLibrary) return;
    const members = returnedMembers(source, fnNode);
    // A declared return type that names one type (`(input: AnyColor): Colord => …`): the classifier judges a member of
    // the result as that class's or interface's, where a tree defines it (analyzer 37).
    const declared = field(fnNode, "return_type");
    const type = declared ? named(declared).find((c) => c.type === "type_identifier") : undefined;
    if (!members && type && named(declared!).length === 1) (defs.returnsClass ??= ownKeys())[name] = textOf(source, type);
    if (!members) return;
    (defs.returnsClass ??= ownKeys())[name] = `${name}()`;
    // `function mitt(all?): Emitter<Events> { return { all, on, … } }`: the type it declares names its members too.
    const only = declared && named(declared).length === 1 ? named(declared)[0]! : undefined;
    const declaredType = only?.type === "type_identifier" ? only : only?.type === "generic_type" ? named(only).find((c) => c.type === "type_identifier") : undefined;
    if (declaredType) (defs.returnsType ??= ownKeys())[name] = textOf(source, declaredType);
    for (const [m, row] of members) {
      qualified.add(`${name}().${m}`);
      defs.lines[`${name}().${m}`] ??= row + 1;
    }
  };
  const isLocal = (ancestors: TSyntaxNode[]) => ancestors.some((a) => FUNCTIONS.has(a.type));
  // Top-level `const x = require("./x")`: what `Object.assign(module.exports, x)` passes on.
  const requires = new Map<string, string>();
  const requireSpec = (node: TSyntaxNode | null): string | null => {
    if (!node) return null;
    const n = unwrap(node);
    if (n.type === "call_expression") return requireOf(source, n);
    if (n.type === "identifier") return requires.get(textOf(source, n)) ?? null;
    return null;
  };
  const reexport = (node: TSyntaxNode | null) => {
    const spec = requireSpec(node);
    if (spec !== null && !defs.reexports.includes(spec)) defs.reexports.push(spec);
    return spec !== null;
  };
  const isModuleExports = (n: TSyntaxNode | null) => {
    if (!n) return false;
    const t = textOf(source, n).replace(/\s+/g, "");
    return t === "module.exports" || t === "exports";
  };
  let defaultAlias: string | null = null;
  const defaultValue = (value: TSyntaxNode) => {
    const v = unwrap(value);
    if (v.type === "arrow_function" || v.type === "function_expression" || v.type === "function" || v.type === "function_declaration") params(v, "default");
    else if (v.type === "identifier") defaultAlias = textOf(source, v);
    else if (v.type === "object") {
      for (const item of named(v)) if (item.type === "spread_element") reexport(named(item)[0] ?? null);
    } else reexport(v);
  };
  walk(root, (node, ancestors) => {
    switch (node.type) {
      case "import_statement": {
        const src = field(node, "source");
        const spec = src ? (stringValue(source, src) ?? "") : "";
        walk(node, (n) => {
          if (n.type === "identifier") imported.set(textOf(source, n), !spec.startsWith("."));
        });
        return false;
      }
      case "export_statement": {
        if (node.children.some((c) => c.type === "*") && !node.children.some((c) => c.type === "namespace_export")) {
          defs.reexportsAll = true;
          const src = field(node, "source");
          const spec = src ? stringValue(source, src) : null;
          if (spec !== null && !defs.reexports.includes(spec)) defs.reexports.push(spec);
        }
        if (node.children.some((c) => c.type === "default")) {
          const value = field(node, "value") ?? field(node, "declaration");
          if (value) defaultValue(value);
        }
        return;
      }
      case "call_expression": {
        // A call of a function's own parameter (`merger(obj, key, val)`): how many arguments callbacks get (recall5).
        const called = field(node, "function");
        if (called?.type === "identifier") {
          const name = textOf(source, called);
          if (ancestors.some((a) => FUNCTIONS.has(a.type) && parameterNames(source, a).includes(name))) {
            const calls = (defs.parameterCalls ??= ownKeys());
            calls[name] = Math.max(calls[name] ?? 0, args(node).length);
          }
        }
        // `list.join(", ")`: a separator the code joins values with, once per call (gaps5).
        const joined = field(node, "function");
        if (joined?.type === "member_expression" && field(joined, "property") && textOf(source, field(joined, "property")!) === "join") {
          const sep = args(node)[0] ? stringValue(source, args(node)[0]!) : null;
          if (sep !== null && sep !== "") (defs.joins ??= []).push(sep);
        }
        // `s.replace(PATTERN, encodeURI)`: the function that rewrites what a pattern matches (gaps9).
        if (joined?.type === "member_expression" && field(joined, "property") && /^replace(?:All)?$/.test(textOf(source, field(joined, "property")!))) {
          const replacement = args(node)[1];
          if (replacement && (replacement.type === "identifier" || replacement.type === "member_expression")) (defs.replacers ??= []).push(textOf(source, replacement).split(".").at(-1)!);
          const from = args(node)[0] ? stringValue(source, args(node)[0]!) : null;
          if (from && replacement && stringValue(source, replacement) === "" && !nonLibrary) (defs.removals ??= []).push(from);
        }
        // Object.assign(module.exports, require("./more")) / Object.assign(fn, other): the target gains the other's exports.
        const fn = field(node, "function");
        if (fn && textOf(source, fn).replace(/\s+/g, "") === "Object.assign") {
          const list = args(node);
          const target = list[0] ? textOf(source, list[0]).replace(/\s+/g, "").replace(/\.prototype$/, "") : "";
          for (const a of list.slice(1)) {
            const spec = requireSpec(a);
            if (spec === null) continue;
            reexport(a);
            // The target's members too: instances of a class whose prototype gains another module's functions.
            if (/^[A-Za-z_$][\w$]*$/.test(target)) (defs.mixins ??= []).push({ target, spec });
          }
        }
        return;
      }
      case "export_specifier": {
        const alias = field(node, "alias");
        const name = field(node, "name");
        if (alias) define(textOf(source, alias), node);
        if (name) define(textOf(source, name), node);
        return;
      }
      case "function_declaration":
      case "generator_function_declaration":
      case "function_signature": {
        const name = field(node, "name");
        if (name) {
          define(textOf(source, name), name);
          if (!ancestors.some((a) => a.type.includes("function") || a.type === "method_definition")) {
            params(node, textOf(source, name));
            returned(node, textOf(source, name));
          }
        }
        return;
      }
      case "class_declaration":
      case "abstract_class_declaration":
      case "class":
      case "interface_declaration": {
        const nameNode = field(node, "name");
        if (!nameNode) return;
        const cls = textOf(source, nameNode);
        define(cls, nameNode);
        const heritage: string[] = [];
        for (const h of node.children.filter((c) => c.type === "class_heritage" || c.type === "extends_type_clause")) {
          walk(h, (n) => {
            if (n.type === "identifier" || n.type === "type_identifier") heritage.push(textOf(source, n));
            if (n.type === "type_arguments") return false;
          });
        }
        const body = field(node, "body");
        const methods: string[] = [];
        for (const member of body ? named(body) : []) {
          const mName = field(member, "name") ?? (member.type === "public_field_definition" ? field(member, "property") : null);
          if (!mName) continue;
          const m = textOf(source, mName).replace(/^#/, "");
          methods.push(m);
          qualified.add(`${cls}.${m}`);
          names.add(m);
          defs.lines[`${cls}.${m}`] ??= mName.row + 1;
          if (member.type === "method_definition" && m === "constructor") params(member, cls);
          // An interface's method (`declare module "../colord" { interface Colord { mix(c, ratio?): Colord } }`, a
          // plugin's): the signature callers of the method are judged by (analyzer 37).
          else if (member.type === "method_signature" && node.type === "interface_declaration") params(member, `${cls}.${m}`);
          // A method's destructured options (`isJavaScript({ allowParameters = false } = {})`) are options it reads (gaps6).
          else if (member.type === "method_definition") {
            const list = field(member, "parameters");
            if (list) walk(list, (n) => { if (n.type === "shorthand_property_identifier_pattern") properties.add(textOf(source, n)); });
          }
        }
        defs.classes.push({ name: cls, heritage, externalHeritage: heritage.some((h) => imported.get(h) === true), methods });
        return;
      }
      case "variable_declarator": {
        const name = field(node, "name");
        const value = field(node, "value");
        if (nonLibrary && isLocal(ancestors)) return;
        if (name?.type === "identifier" && value && !isLocal(ancestors)) {
          const spec = requireSpec(value);
          if (spec !== null && unwrap(value).type === "call_expression") requires.set(textOf(source, name), spec);
        }
        if (name?.type === "identifier") {
          define(textOf(source, name), name);
          if (value && (value.type === "arrow_function" || value.type === "function_expression" || value.type === "function") && !ancestors.some((a) => a.type.includes("function"))) {
            params(value, textOf(source, name));
            returned(value, textOf(source, name));
          }
          else if (!ancestors.some((a) => a.type.includes("function"))) {
            // A const whose declared type is a function type (`const selectAll: (q, elems, options?) => R = factory(…)`):
            // its value is what a factory returns, its parameters are the ones the type names (gaps9, css-select).
            const declared = field(node, "type");
            const fnType = declared ? (declared.type === "function_type" ? declared : named(declared).find((c) => c.type === "function_type")) : undefined;
            if (fnType) params(fnType, textOf(source, name));
          }
        }
        if (name?.type === "object_pattern") walk(name, (n) => { if (n.type === "shorthand_property_identifier_pattern") define(textOf(source, n), n); });
        return;
      }
      case "assignment_expression": {
        const left = field(node, "left");
        if (isModuleExports(left)) {
          const right = field(node, "right");
          if (right) defaultValue(right);
          return;
        }
        if (nonLibrary && isLocal(ancestors)) return;
        if (left?.type === "member_expression") {
          const obj = field(left, "object");
          const prop = field(left, "property");
          if (obj && prop) {
            const p = textOf(source, prop);
            names.add(p);
            const owner = obj.type === "this" ? (ancestors.findLast((a) => a.type === "class_declaration" || a.type === "class") ?? null) : null;
            const ownerName = owner ? field(owner, "name") : null;
            qualified.add(`${ownerName ? textOf(source, ownerName) : textOf(source, obj)}.${p}`);
            defs.lines[p] ??= prop.row + 1;
            // `X.prototype.m = function (a, b) {…}`: a method of X, with its signature under `X.m`.
            const proto = /^([A-Za-z_$][\w$]*)\.prototype$/.exec(textOf(source, obj).replace(/\s+/g, ""));
            const right = field(node, "right");
            if (proto && !isLocal(ancestors)) {
              qualified.add(`${proto[1]}.${p}`);
              defs.lines[`${proto[1]}.${p}`] ??= prop.row + 1;
              const fnValue = right ? unwrap(right) : null;
              if (fnValue && (fnValue.type === "function_expression" || fnValue.type === "function" || fnValue.type === "arrow_function")) params(fnValue, `${proto[1]}.${p}`);
            }
          }
        }
        return;
      }
      case "pair":
      case "method_definition":
      case "property_signature":
      case "method_signature":
      case "enum_assignment": {
        if (nonLibrary && isLocal(ancestors)) return;
        const key = field(node, "key") ?? field(node, "name");
        if (key && (key.type === "property_identifier" || key.type === "string")) {
          const k = key.type === "string" ? (stringValue(source, key) ?? "") : textOf(source, key);
          names.add(k);
          if (node.type === "pair" && !nonLibrary) keys.add(k);
          defs.lines[k] ??= key.row + 1;
          const iface = ancestors.findLast((a) => a.type === "interface_declaration");
          const ifaceName = iface ? field(iface, "name") : null;
          if (ifaceName) qualified.add(`${textOf(source, ifaceName)}.${k}`);
        }
        return;
      }
      case "shorthand_property_identifier":
        if (!(nonLibrary && isLocal(ancestors))) names.add(textOf(source, node));
        // `return { type, index }`: a key the code writes, as `{ index: index }` would be.
        if (!nonLibrary) keys.add(textOf(source, node));
        return;
      case "member_expression": {
        const prop = field(node, "property");
        if (prop && !nonLibrary) properties.add(textOf(source, prop));
        return;
      }
      case "type_alias_declaration":
      case "enum_declaration": {
        const name = field(node, "name");
        if (name) define(textOf(source, name), name);
        return;
      }
      case "property_identifier":
        if (node.type === "property_identifier" && ancestors.at(-1)?.type === "enum_body") names.add(textOf(source, node));
        return;
      // Literals of examples and scripts are not what the library produces.
      case "string": {
        const v = stringValue(source, node);
        if (v !== null && !nonLibrary) {
          strings.add(v);
          (transformedBeforeUse(source, node, ancestors) ? transient : produced).add(v);
        }
        // A string literal type (`Omit<typeof X, "posix" | "matchesGlob">`): a name the code's types spell.
        // Only keys of another value's type (`Omit<typeof X, …>`, `Pick<typeof X, …>`), not a discriminant (`type: 'entries'`).
        if (v !== null && !nonLibrary && ancestors.at(-1)?.type === "literal_type" && /^[A-Za-z_$][\w$]*$/.test(v)) {
          const typeArgs = ancestors.findLast((a) => a.type === "type_arguments");
          if (typeArgs && named(typeArgs).some((t) => t.type === "type_query" || textOf(source, t).startsWith("typeof "))) typeNames.add(v);
        }
        return false;
      }
      case "template_string":
        if (nonLibrary) return;
        if (node.children.some((c) => c.type === "template_substitution")) defs.templates.push(templateParts(source, node));
        else strings.add(textOf(source, node).slice(1, -1));
        return;
      case "number":
        // A character code (`const COMMA = 44` compared with charCodeAt) is data about the input, not output.
        if (!nonLibrary && !charCodes.has(node.start)) numbers.add(textOf(source, node));
        return;
      case "unary_expression": {
        // `-1` is the number -1 a test compares (its digits, walked next, stay a number of their own as before).
        const negative = nonLibrary ? null : numberText(source, node);
        if (negative?.startsWith("-")) numbers.add(negative);
        return;
      }
      case "regex": {
        const pattern = field(node, "pattern");
        if (pattern && !nonLibrary) regexWords(textOf(source, pattern)).forEach((w) => matchWords.add(w));
        if (pattern && !nonLibrary) (defs.patterns ??= []).push([textOf(source, pattern), field(node, "flags") ? textOf(source, field(node, "flags")!) : ""]);
        return false;
      }
    }
  });
  // What the file loads, and the local names bound to those modules: what code the file's functions reach.
  const imports = new Set<string>();
  const importBindings = ownKeys<string>();
  let dynamic = false;
  walk(root, (node, ancestors) => {
    if (node.type === "import_statement" || (node.type === "export_statement" && field(node, "source"))) {
      const src = field(node, "source");
      const spec = src ? stringValue(source, src) : null;
      if (spec === null) return false;
      imports.add(spec);
      walk(node, (n) => {
        if (n.type === "identifier" && node.type === "import_statement") importBindings[textOf(source, n)] = spec;
      });
      return false;
    }
    if (node.type === "call_expression") {
      const callee = field(node, "function");
      const loads = callee?.type === "import" || (callee?.type === "identifier" && textOf(source, callee) === "require");
      const spec = requireOf(source, node) ?? (callee?.type === "import" && args(node)[0] ? stringValue(source, args(node)[0]!) : null);
      // `require(name)` of a computed name: what the file reaches is unknown.
      if (loads && spec === null) dynamic = true;
      if (spec === null) return;
      imports.add(spec);
      const holder = ancestors.at(-1);
      const target = holder?.type === "variable_declarator" && field(holder, "value") === node ? field(holder, "name") : null;
      if (target?.type === "identifier") importBindings[textOf(source, target)] = spec;
      if (target?.type === "object_pattern") {
        walk(target, (n) => {
          if (n.type === "shorthand_property_identifier_pattern" || (n.type === "identifier" && n.field === "value")) importBindings[textOf(source, n)] = spec;
        });
      }
    }
  });
  if (!dynamic) defs.imports = [...imports];
  defs.importBindings = importBindings;
  if (defaultAlias !== null && defs.arity[defaultAlias] !== undefined && defs.arity.default === undefined) {
    defs.arity.default = defs.arity[defaultAlias]!;
    defs.params.default = defs.params[defaultAlias] ?? [];
  }
  // What the module's whole export returns, for a test that binds it under a name of its own (`var build = require('..')`).
  if (defaultAlias !== null && defs.returnsClass?.[defaultAlias] !== undefined) defs.returnsClass.default ??= defs.returnsClass[defaultAlias]!;
  defs.names = [...names];
  defs.qualified = [...qualified];
  defs.strings = [...strings];
  defs.numbers = [...numbers];
  defs.properties = [...properties];
  defs.keys = [...keys];
  if (matchWords.size > 0) defs.matchWords = [...matchWords];
  if (typeNames.size > 0) defs.typeNames = [...typeNames];
  for (const s of defs.strings) if (/%[sdifjoO]/.test(s)) defs.templates.push(s.split(/%[sdifjoO]/));
  const onlyTransient = [...transient].filter((v) => !produced.has(v));
  if (onlyTransient.length > 0) defs.transient = onlyTransient;
  return defs;
}

const PASS_THROUGH = new Set(["binary_expression", "parenthesized_expression"]);
const LOOPS = new Set(["for_statement", "for_in_statement", "while_statement", "do_statement"]);

/**
 * A string written into a local variable (`let pre = token + '.0'`, `pre = …`, `pre += '.0'`, in any branch) that the
 * next statement reading the variable rebinds to a call taking it (`pre = increment(pre)`): an input of that call,
 * not a piece of output (as Python's, prompted by semver-bump-prerelease; recall5).
 */
function transformedBeforeUse(source: string, node: TSyntaxNode, ancestors: TSyntaxNode[]): boolean {
  let i = ancestors.length - 1;
  let below: TSyntaxNode = node;
  while (i >= 0 && PASS_THROUGH.has(ancestors[i]!.type)) below = ancestors[i--]!;
  const holder = ancestors[i];
  if (!holder) return false;
  let variable: string | null = null;
  let statementAt = -1;
  if (holder.type === "variable_declarator" && field(holder, "value") === below && field(holder, "name")?.type === "identifier") {
    variable = textOf(source, field(holder, "name")!);
    statementAt = i - 1;
  } else if ((holder.type === "assignment_expression" || holder.type === "augmented_assignment_expression") && field(holder, "right") === below && field(holder, "left")?.type === "identifier") {
    variable = textOf(source, field(holder, "left")!);
    statementAt = ancestors[i - 1]?.type === "expression_statement" ? i - 1 : -1;
  }
  if (variable === null || statementAt < 0) return false;
  let current: TSyntaxNode = ancestors[statementAt]!;
  for (let j = statementAt - 1; j >= 0; j--) {
    const parent = ancestors[j]!;
    if (LOOPS.has(parent.type)) return false;
    if (parent.type === "statement_block" || parent.type === "program") {
      const siblings = named(parent);
      for (const next of siblings.slice(siblings.indexOf(current) + 1)) {
        let reads = false;
        walk(next, (n) => { if (n.type === "identifier" && textOf(source, n) === variable) reads = true; });
        if (!reads) continue;
        const a = named(next)[0];
        if (next.type !== "expression_statement" || a?.type !== "assignment_expression") return false;
        const l = field(a, "left");
        const r = field(a, "right");
        if (l?.type !== "identifier" || textOf(source, l) !== variable || r?.type !== "call_expression") return false;
        return args(r).some((x) => x.type === "identifier" && textOf(source, x) === variable);
      }
    }
    if (FUNCTIONS.has(parent.type) || parent.type === "program" || parent.type === "class_body") return false;
    current = parent;
  }
  return false;
}

/** A function node's parameter names, as written (`a = 1`, `b?: T` read as `a`, `b`). */
export function parameterNames(source: string, fn: TSyntaxNode): string[] {
  const list = field(fn, "parameters");
  if (list) return named(list).filter((p) => p.type !== "comment").map((p) => textOf(source, p).replace(/[=:?].*$/s, "").replace(/^\.\.\./, "").trim());
  const single = field(fn, "parameter");
  return single ? [textOf(source, single)] : [];
}

/**
 * What a function attaches to the value it returns, with each member's row: every `return` of its own (not of a nested
 * function) is one local (`return debounced`) or `Object.assign(local, { … })` of one, or an object literal; the members
 * are the local's assigned properties (`debounced.cancel = …`), the keys of objects assigned onto it, and an object
 * literal's keys where one of them holds a function (`return { all, get() {…}, set: (v) => … }`). Null where a return is anything else, or
 * nothing is attached.
 */
function returnedMembers(source: string, fn: TSyntaxNode): [string, number][] | null {
  const body = field(fn, "body");
  if (!body) return null;
  const locals = new Set<string>();
  const members = new Map<string, number>();
  let other = false;
  const isFunction = (n: TSyntaxNode | null) => n !== null && ["arrow_function", "function_expression", "function", "generator_function"].includes(unwrap(n).type);
  const objectKeys = (obj: TSyntaxNode, onlyFunctions: boolean) => {
    for (const item of named(obj)) {
      const key = item.type === "pair" || item.type === "method_definition" ? (field(item, "key") ?? field(item, "name")) : item.type === "shorthand_property_identifier" ? item : null;
      if (!key || !(key.type === "property_identifier" || key.type === "shorthand_property_identifier")) continue;
      if (onlyFunctions && !(item.type === "method_definition" || (item.type === "pair" && isFunction(field(item, "value"))))) continue;
      if (!members.has(textOf(source, key))) members.set(textOf(source, key), key.row);
    }
  };
  const assignOnto = (call: TSyntaxNode): string | null => {
    const callee = field(call, "function");
    if (!callee || textOf(source, callee).replace(/\s+/g, "") !== "Object.assign") return null;
    const list = args(call);
    const target = list[0] ? unwrap(list[0]) : null;
    return target?.type === "identifier" ? textOf(source, target) : null;
  };
  const returnValue = (value: TSyntaxNode | null) => {
    const v = value ? unwrap(value) : null;
    if (v?.type === "identifier") locals.add(textOf(source, v));
    else if (v?.type === "call_expression" && assignOnto(v) !== null) locals.add(assignOnto(v)!);
    // An object literal that holds a method is an API object: every key is a member (`return { all, on() {…} }`,
    // analyzer 43); one of data alone attaches nothing.
    else if (v?.type === "object") objectKeys(v, !named(v).some((item) => item.type === "method_definition" || (item.type === "pair" && isFunction(field(item, "value")))));
    else other = true;
  };
  if (body.type !== "statement_block") returnValue(body);
  else {
    walk(body, (n) => {
      if (FUNCTIONS.has(n.type) || n.type === "class" || n.type === "class_declaration") return false;
      if (n.type === "return_statement") {
        returnValue(named(n).find((c) => c.type !== "comment") ?? null);
        return false;
      }
    });
  }
  if (other || locals.size > 1) return null;
  const local = [...locals][0];
  if (local !== undefined) {
    walk(body, (n) => {
      if (FUNCTIONS.has(n.type) || n.type === "class" || n.type === "class_declaration") return false;
      // `var self = { push: push, kill: kill }; … return self` (a factory's object): its keys are what it returns.
      if (n.type === "variable_declarator" && textOf(source, field(n, "name") ?? n) === local) {
        const init = field(n, "value");
        if (init && unwrap(init).type === "object") objectKeys(unwrap(init), false);
      }
      if (n.type === "assignment_expression") {
        const left = field(n, "left");
        const obj = left?.type === "member_expression" ? field(left, "object") : null;
        const prop = left ? field(left, "property") : null;
        if (obj?.type === "identifier" && textOf(source, obj) === local && prop?.type === "property_identifier" && !members.has(textOf(source, prop))) members.set(textOf(source, prop), prop.row);
      }
      if (n.type === "call_expression" && assignOnto(n) === local) for (const a of args(n).slice(1)) if (unwrap(a).type === "object") objectKeys(unwrap(a), false);
    });
  }
  return members.size > 0 ? [...members] : null;
}

const FUNCTIONS = new Set(["function_declaration", "generator_function_declaration", "function_expression", "function", "arrow_function", "method_definition", "generator_function"]);

const JS_EXTENSIONS = [".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx", ".mts", ".cts"];

export function resolveScriptModule(specifier: string, fromFile: string, files: ReadonlySet<string>): string | null {
  const starts = specifier.startsWith(".") ? [normalizePath(`${dirname(fromFile)}/${specifier}`)] : specifier.startsWith("/") ? [normalizePath(specifier)] : [specifier, `src/${specifier}`];
  for (const start of starts) {
    if (start === null) continue;
    const stem = start.replace(/\.(m?c?[jt]sx?)$/, "");
    // `require('..')` from test/x.js normalizes to "" (the repository root): its index is `index.js`, not `/index.js`.
    const dir = start.replace(/\/+$/, "");
    const index = (e: string) => (dir === "" ? `index${e}` : `${dir}/index${e}`);
    // TypeScript declaration files (`index.d.ts`, `x.d.ts`) define what a JavaScript module exports.
    const candidates = [start, ...(dir === "" ? [] : [...JS_EXTENSIONS, ".d.ts"].map((e) => stem + e)), ...[...JS_EXTENSIONS, ".d.ts"].map(index)];
    const found = candidates.find((c) => files.has(c));
    if (found) return found;
    // The package root with no index of its own (mitt imported by the specifier `..`, package.json's `main` a built dist/ file):
    // its source entry, `src/index.*`, which the build compiles (analyzer 43).
    const entry = dir === "" ? JS_EXTENSIONS.map((e) => `src/index${e}`).find((c) => files.has(c)) : undefined;
    if (entry) return entry;
  }
  return null;
}

const OWN_ARGUMENTS = new Set(["function_declaration", "function_expression", "function", "generator_function_declaration", "generator_function", "method_definition"]);
/** Whether a function's body reads its own `arguments` (an arrow's is its enclosing function's; a nested function's its own). */
function readsArguments(source: string, fnNode: TSyntaxNode): boolean {
  if (!OWN_ARGUMENTS.has(fnNode.type)) return false;
  const body = field(fnNode, "body");
  if (!body) return false;
  let found = false;
  walk(body, (n) => {
    if (found || OWN_ARGUMENTS.has(n.type)) return false;
    if (n.type === "identifier" && textOf(source, n) === "arguments") found = true;
  });
  return found;
}
