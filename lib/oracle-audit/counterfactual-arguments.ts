// Pure: what gold adds to a function's calls and signatures: an argument dropped and a keyword refused for callers
// outside gold, a parameter renamed in gold's signatures and calls, an argument gold adds to its call of a callback
// changed.
import { appendedLineDiff, escape, rowOf } from "./counterfactual-diff";
import { field, walk } from "./syntax";
import type { TParsedFile, TSyntaxNode } from "./types";

const FUNCTION_NODES = new Set(["function_declaration", "generator_function_declaration", "function_expression", "function", "generator_function", "arrow_function", "method_definition", "function_definition"]);

/** The name a function node is defined under: its own, or the variable, property or key it is assigned to. */
function definedName(node: TSyntaxNode, parent: TSyntaxNode | undefined, source: string): string | null {
  const text = (n: TSyntaxNode | null) => (n ? source.slice(n.start, n.end) : null);
  const own = text(field(node, "name"));
  if (own) return own;
  if (!parent) return null;
  if (parent.type === "variable_declarator") return text(field(parent, "name"));
  if (parent.type === "pair") return text(field(parent, "key"))?.replace(/^["']|["']$/g, "") ?? null;
  if (parent.type === "assignment_expression") {
    const left = field(parent, "left");
    return left?.type === "member_expression" ? text(field(left, "property")) : text(left);
  }
  return null;
}

/** The plain name a parameter node binds (null for a destructuring pattern or a rest parameter). */
function parameterName(node: TSyntaxNode, source: string): string | null {
  const text = (n: TSyntaxNode | null) => (n ? source.slice(n.start, n.end) : null);
  if (node.type === "identifier") return text(node);
  const inner = field(node, "left") ?? field(node, "pattern") ?? field(node, "name") ?? (node.type === "typed_parameter" ? node.children.find((c) => c.type === "identifier") ?? null : null);
  return inner?.type === "identifier" ? text(inner) : null;
}

/**
 * The module-level Python functions named `owner` that take a keyword `keyword` on a line gold adds (its
 * parameter), each refused that keyword from callers outside its package at the module's end (branch cf8): wrapped
 * with functools.wraps (the signature, `inspect.signature`, stays gold's), a call from the package's own modules goes
 * through, one from elsewhere that passes the keyword raises TypeError as the base's function did. Diff sections to
 * append to gold's patch, and the functions wrapped.
 */
export function refusedKeyword(files: readonly TParsedFile[], owner: string, keyword: string, added: ReadonlyMap<string, ReadonlySet<number>>): { sections: string[]; owners: string[] } {
  const sections: string[] = [];
  const owners: string[] = [];
  for (const file of files) {
    const rows = added.get(file.path) ?? new Set<number>();
    const text = (n: TSyntaxNode | null) => (n ? file.source.slice(n.start, n.end) : "");
    const defs = file.root.children
      .map((n) => (n.type === "decorated_definition" ? field(n, "definition") : n))
      .filter((n): n is TSyntaxNode => n?.type === "function_definition" && text(field(n, "name")) === owner)
      .filter((n) => (field(n, "parameters")?.children ?? []).some((p) => p.named && rows.has(p.row) && parameterName(p, file.source) === keyword && !["list_splat_pattern", "dictionary_splat_pattern"].includes(p.type)));
    if (defs.length === 0) continue;
    const kw = JSON.stringify(keyword);
    const message = JSON.stringify(`${owner}() got an unexpected keyword argument '${keyword}'`);
    const line = `${owner} = (lambda __cf_f: __import__("functools").wraps(__cf_f)(lambda *__cf_a, **__cf_k: __cf_f(*__cf_a, **__cf_k) if ${kw} not in __cf_k or __import__("sys")._getframe(1).f_globals.get("__name__", "").split(".")[0] == __cf_f.__module__.split(".")[0] else (_ for _ in ()).throw(TypeError(${message}))))(${owner})`;
    const section = appendedLineDiff(file, line);
    if (section) {
      sections.push(section);
      owners.push(`${file.path}:${owner}`);
    }
  }
  return { sections, owners };
}

/**
 * Gold's added function `owner` with its argument at `position` (0-based, as callers count it) dropped for callers
 * outside gold's code: at the body's start the parameter is reset to undefined / None unless gold's own call passed it
 * (gold's added calls of `owner` mark their argument on the way in), so only the tests that pass it see a change.
 */
export function droppedArgument(file: TParsedFile, owner: string, position: number, added: ReadonlySet<number>): { offset: number; text: string }[] | string {
  const python = file.path.endsWith(".py");
  const typed = /\.(c|m)?tsx?$/.test(file.path);
  const { source } = file;
  const flag = python ? `__import__("builtins")` : typed ? `(globalThis as any)` : "globalThis";
  const out: { offset: number; text: string }[] = [];
  let why = "";
  walk(file.root, (node, ancestors) => {
    if (node.type === "comment") return false;
    if (FUNCTION_NODES.has(node.type) && definedName(node, ancestors.at(-1), source) === owner && added.has(node.row)) {
      const params = field(node, "parameters")?.children.filter((c) => c.named && c.type !== "comment") ?? [];
      const inClass = python && ancestors.some((a) => a.type === "class_definition");
      const first = params[0] ? parameterName(params[0], source) : null;
      const param = params[position + (inClass && (first === "self" || first === "cls") ? 1 : 0)];
      const name = param ? parameterName(param, source) : null;
      const body = field(node, "body");
      if (!name || !body) {
        why = `${owner}'s argument ${position + 1} is not a plain parameter`;
        return;
      }
      if (python) {
        const statement = body.children.find((c) => c.named && c.type !== "comment");
        if (!statement || !added.has(statement.row) || !/^(expression_statement|return_statement|assignment|pass_statement)$/.test(statement.type)) {
          why = `${owner}'s body does not open with a simple statement on an added line`;
          return;
        }
        out.push({ offset: statement.start, text: `${name} = ${name} if getattr(${flag}, "__cf_keep", False) else None; setattr(${flag}, "__cf_keep", False); ` });
      } else if (body.type === "statement_block" && added.has(body.row)) {
        out.push({ offset: body.start + 1, text: ` if (${flag}.__cf_keep !== true) { ${name} = undefined; } ${flag}.__cf_keep = false;` });
      } else {
        why = `${owner}'s body does not open on an added line`;
      }
      return;
    }
    if ((node.type === "call_expression" || node.type === "call") && added.has(node.row)) {
      const callee = field(node, "function");
      const calleeName = callee?.type === "member_expression" ? field(callee, "property") : callee?.type === "attribute" ? field(callee, "attribute") : callee;
      if (!calleeName || source.slice(calleeName.start, calleeName.end) !== owner) return;
      const args = (field(node, "arguments")?.children ?? []).filter((c) => c.named && c.type !== "comment" && c.type !== "keyword_argument");
      const arg = args[position];
      if (!arg || !added.has(arg.row)) return;
      out.push(
        python
          ? { offset: arg.start, text: `(setattr(${flag}, "__cf_keep", True), ` }
          : { offset: arg.start, text: `(${flag}.__cf_keep = true, ` },
        python ? { offset: arg.end, text: `)[1]` } : { offset: arg.end, text: ")" },
      );
    }
  });
  return out.some((o) => o.text.includes("__cf_keep !== true") || o.text.includes("else None")) ? out : why || `gold adds no function ${owner} with an argument ${position + 1}`;
}

/** The plain name a call's callee is (`merger(…)`, not `obj.merger(…)`), or the attribute / property of a member callee. */
function calleeName(call: TSyntaxNode, source: string, plainOnly: boolean): string | null {
  const callee = field(call, "function");
  if (!callee) return null;
  if (callee.type === "identifier") return source.slice(callee.start, callee.end);
  if (plainOnly) return null;
  const member = callee.type === "member_expression" ? field(callee, "property") : callee.type === "attribute" ? field(callee, "attribute") : null;
  return member ? source.slice(member.start, member.end) : null;
}

/**
 * Python: a parameter `name` gold adds (on an added row) to its functions' signatures, renamed in those functions —
 * the parameter, the references to it in the function's scope (never a keyword it passes on to another callee, never
 * an attribute of the same spelling) — and as a keyword in gold's own calls of those functions. Null when some
 * occurrence stands on a line gold does not add (renaming it there would break gold, not the dependency).
 */
export function parameterRenames(files: readonly TParsedFile[], name: string, renamed: string, added: ReadonlyMap<string, ReadonlySet<number>>): { edits: Map<string, { start: number; end: number; text: string }[]>; owners: Map<string, string[]> } | null {
  const edits = new Map<string, { start: number; end: number; text: string }[]>();
  const owners = new Map<string, string[]>();
  const allOwners = new Set<string>();
  const push = (file: string, node: TSyntaxNode) => edits.set(file, [...(edits.get(file) ?? []).filter((e) => e.start !== node.start), { start: node.start, end: node.end, text: renamed }]);
  let broken = false;
  for (const file of files) {
    const rows = added.get(file.path) ?? new Set<number>();
    const { source } = file;
    walk(file.root, (node, ancestors) => {
      if (node.type === "comment") return false;
      if (node.type !== "function_definition") return;
      const params = field(node, "parameters")?.children.filter((c) => c.named && c.type !== "comment") ?? [];
      const param = params.find((p) => parameterName(p, source) === name);
      if (!param || !rows.has(param.row)) return;
      const fn = source.slice(field(node, "name")!.start, field(node, "name")!.end);
      const parent = ancestors.at(-1);
      const moduleLevel = parent?.type === "module" || (parent?.type === "decorated_definition" && ancestors.at(-2)?.type === "module");
      allOwners.add(fn);
      if (moduleLevel) owners.set(file.path, [...(owners.get(file.path) ?? []), fn]);
      walk(node, (n, up) => {
        if (n.type === "comment") return false;
        if (n.type !== "identifier" || source.slice(n.start, n.end) !== name) return;
        const p = up.at(-1);
        if (p?.type === "keyword_argument" && field(p, "name") === n) return;
        if (p?.type === "attribute" && field(p, "attribute") === n) return;
        if (!rows.has(n.row)) broken = true;
        else push(file.path, n);
      });
      return false;
    });
  }
  if (allOwners.size === 0 || broken) return null;
  // Gold's own calls of those functions pass the keyword by its new name.
  for (const file of files) {
    const rows = added.get(file.path) ?? new Set<number>();
    walk(file.root, (node) => {
      if (node.type === "comment") return false;
      if (node.type !== "call" || !allOwners.has(calleeName(node, file.source, false) ?? "")) return;
      for (const arg of field(node, "arguments")?.children ?? []) {
        const key = arg.type === "keyword_argument" ? field(arg, "name") : null;
        if (key && file.source.slice(key.start, key.end) === name && rows.has(key.row)) push(file.path, key);
      }
    });
  }
  return { edits, owners };
}

/** Arguments a base call of `callee` passes, counted from gold's removed lines of a file (the largest count; null: no such call). */
function removedCallArity(lines: readonly string[], callee: string): number | null {
  let best: number | null = null;
  const re = new RegExp(`(?<![\\w$.])${escape(callee)}\\s*\\(`, "g");
  for (const line of lines) {
    for (const m of line.matchAll(re)) {
      let depth = 1;
      let commas = 0;
      let any = false;
      let quote: string | null = null;
      let i = m.index! + m[0].length;
      for (; i < line.length && depth > 0; i++) {
        const c = line[i]!;
        if (quote) { if (c === "\\") i++; else if (c === quote) quote = null; continue; }
        if (c === '"' || c === "'" || c === "`") { quote = c; any = true; continue; }
        if ("([{".includes(c)) depth++;
        else if (")]}".includes(c)) depth--;
        else if (c === "," && depth === 1) commas++;
        if (depth > 0 && !/\s/.test(c)) any = true;
      }
      if (depth !== 0) continue;
      const n = any ? commas + 1 : 0;
      best = best === null ? n : Math.max(best, n);
    }
  }
  return best;
}

/**
 * An output the test's own callback builds from an argument gold adds to its call (defu's `merger(obj, key, val,
 * namespace)`, where the base passed three): at each call gold adds of a function its caller hands in (a parameter of
 * an enclosing function), the arguments beyond those the base's call passed are changed — a string gets `~`, a number
 * 1 more — so only a callback that reads them builds another text.
 */
export function callbackArguments(file: TParsedFile, removed: readonly string[], added: ReadonlySet<number>): { inserts: { offset: number; text: string }[]; described: string[] } {
  const { source } = file;
  const python = file.path.endsWith(".py");
  const typed = /\.(c|m)?tsx?$/.test(file.path);
  const open = python
    ? `(lambda __cf_value: __cf_value + "~" if isinstance(__cf_value, str) else __cf_value + 1 if type(__cf_value) in (int, float) else __cf_value)(`
    : typed
      ? `(<T,>(__cf_value: T): T => (typeof __cf_value === "string" ? ((__cf_value + "~") as unknown as T) : typeof __cf_value === "number" ? ((__cf_value + 1) as unknown as T) : __cf_value))(`
      : `((__cf_value) => (typeof __cf_value === "string" ? __cf_value + "~" : typeof __cf_value === "number" ? __cf_value + 1 : __cf_value))(`;
  const inserts: { offset: number; text: string }[] = [];
  const described: string[] = [];
  walk(file.root, (node, ancestors) => {
    if (node.type === "comment") return false;
    if ((node.type !== "call_expression" && node.type !== "call") || !added.has(node.row)) return;
    const callee = calleeName(node, source, true);
    if (!callee) return;
    const handedIn = ancestors.some((a) => FUNCTION_NODES.has(a.type) && (field(a, "parameters")?.children ?? []).some((p) => p.named && parameterName(p, source) === callee));
    if (!handedIn) return;
    const args = (field(node, "arguments")?.children ?? []).filter((c) => c.named && c.type !== "comment" && c.type !== "keyword_argument");
    const before = removedCallArity(removed, callee);
    if (before === null || before >= args.length) return;
    for (const [i, arg] of args.entries()) {
      if (i < before || !added.has(arg.row) || !added.has(rowOf(source, arg.end))) continue;
      inserts.push({ offset: arg.start, text: open }, { offset: arg.end, text: ")" });
      described.push(`argument ${i + 1} gold passes to ${callee} (${source.slice(arg.start, arg.end)})`);
    }
  });
  return { inserts, described };
}
