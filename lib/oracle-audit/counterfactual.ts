// Pure: the counterfactual of one hidden dependency — gold with that one name renamed
// (where gold's added non-test lines write it as code: its definition and references, never
// a built-in's or a package's member of the same spelling), that one argument gold adds dropped for
// callers outside gold, or that one literal changed at its producer (a string, an object's key, a
// function's result, a parameter name gold adds to a signature, an argument gold adds to its call of a callback) — and the verdict from the probes that then fail. Given gold's files parsed by
// tree-sitter, the occurrences come from the syntax tree; otherwise from a lexer over the diff.
// The strategies mutateGold tries, in its order, stand in counterfactual-*.ts beside this file.
import { callbackArguments, droppedArgument, parameterRenames, refusedKeyword } from "./counterfactual-arguments";
import { addedRows, appendedLineDiff, changedLiteral, docstringRows, escape, insertionEditor, isProse, replacementEditor, rewriteAdded, rowOf, splitDiff, type TMutation, treeStringEditor, type TRowEditor } from "./counterfactual-diff";
import { digestMutation } from "./counterfactual-digest";
import { DATE_TIME_WITH_OFFSET, joinSeparatorEdits, keptCharacterMutation, keyEdits, patternText, PLAIN_PATTERN, regexLiterals, timeZoneEdits } from "./counterfactual-literals";
import { BUILTINS, externalBindings, listedGoldNames, movedModule, renamedIdentifier, treeRenamer } from "./counterfactual-rename";
import { classResults, exportsWrapper, functionWrapper, isCommonJs, producerWrappers, repeatedWork, returnWrappers, wrapperOpen } from "./counterfactual-results";
import { jsonTextOf } from "./formats";
import { languageOf } from "./languages";
import { field, textOf } from "./syntax";
import type { TDependency, TParsedFile } from "./types";

// The entry's API as it stood before the split (other branches import these from here).
export { preImagesOf, type TMutation } from "./counterfactual-diff";
export { renamedIdentifier } from "./counterfactual-rename";

export type TCounterfactualOutcome = "confirmed" | "refuted" | "wider" | "error";

const defaultIsTest = (path: string) => languageOf(path)?.isTestFile(path) ?? false;

/**
 * The dependency to change: its kind, value and comparison, the test file it was extracted from, and the other texts
 * (literals) the audit extracted from that test file (`alongside`): a gold string that holds one of them that is longer
 * than the dependency's text is that one's dependency, left alone (the test file may not be among the parsed trees).
 */
export type TMutationTarget = Pick<TDependency, "kind" | "value" | "match"> & Partial<Pick<TDependency, "owner" | "via">> & { file?: string; alongside?: readonly string[] };

/**
 * Gold with one dependency changed, in gold's added non-test lines only. A name is renamed where it is code —
 * its definition and the references to it, bare or as a member (`this.x`, `exports.x`, `Range.x`) — and never as
 * a member of a built-in or of a package (`Array.from`, `_.from`), in a comment, or in prose; a string that is
 * exactly the name (an `__all__` entry, a key) is the name. A literal changes only inside gold's strings.
 */
export function mutateGold(gold: string, dep: TMutationTarget, isTestFile: (path: string) => boolean = defaultIsTest, parsed: readonly TParsedFile[] = [], parsedBase: readonly TParsedFile[] = []): TMutation {
  // A pytest fixture's producer is the conftest.py that defines it: named like a test, but gold's code where the
  // hidden tests do not ship it (where they do, the fixture is theirs and no finding).
  const isTest = dep.kind === "name" && dep.via === "fixture" ? (path: string) => isTestFile(path) && !/(^|\/)conftest\.py$/.test(path) : isTestFile;
  const argument = dep.kind === "name" ? /^([A-Za-z_$][\w$]*)#(\d+)$/.exec(dep.value) : null;
  if (argument) {
    // `fn#N`: gold adds argument N to fn. Without it fn behaves as if the caller had not passed it.
    const [, owner, n] = argument;
    const added = addedRows(gold);
    const editors = new Map<string, TRowEditor>();
    const reasons: string[] = [];
    for (const file of parsed) {
      if (isTest(file.path) || isProse(file.path)) continue;
      const inserts = droppedArgument(file, owner!, Number(n), added.get(file.path) ?? new Set());
      if (typeof inserts === "string") reasons.push(inserts);
      else if (inserts.length > 0) editors.set(file.path, insertionEditor(file.source, inserts));
    }
    const dropped = editors.size > 0 ? rewriteAdded(gold, isTest, (seg) => seg.text, editors) : null;
    if (dropped && dropped.edits > 0) return { ok: true, patch: dropped.patch, mutation: `${owner}'s argument ${Number(n) + 1} dropped for callers outside gold`, edits: dropped.edits };
    return { ok: false, reason: reasons.find((r) => !r.startsWith("gold adds no")) ?? `gold adds no function ${owner} with an argument ${Number(n) + 1}` };
  }
  // The extractor's owner of a keyword is `fn#kw` (a keyword) or `fn#N` (an option object's position).
  const keywordOwner = dep.kind === "name" && dep.via === "option" && dep.owner ? dep.owner.split("#")[0]! : null;
  if (keywordOwner && /^[A-Za-z_][A-Za-z0-9_]*$/.test(keywordOwner)) {
    // A keyword is one dependency per function: that function alone refuses it (Python; a class's or method's
    // keyword, or none found, is renamed below as any name).
    const py = parsed.filter((f) => f.path.endsWith(".py") && !isTest(f.path) && !isProse(f.path));
    const refused = refusedKeyword(py, keywordOwner, dep.value, addedRows(gold));
    if (refused.sections.length > 0) {
      return { ok: true, patch: `${gold.replace(/\n?$/, "\n")}${refused.sections.join("")}`, mutation: `the keyword ${dep.value} refused by ${refused.owners.join(", ")} to callers outside its package (TypeError; the signature and the package's own calls unchanged)`, edits: refused.sections.length };
    }
  }
  if (dep.kind === "name") {
    const renamed = renamedIdentifier(dep.value, splitDiff(gold).some((f) => f.path.endsWith(".py") && !isTest(f.path)));
    const external = externalBindings(gold);
    const re = new RegExp(`(?<![A-Za-z0-9_$])${escape(dep.value)}(?![A-Za-z0-9_$])`, "g");
    const roots = new Set(splitDiff(gold).flatMap((f) => {
      const parts = f.path.replace(/\.py$/, "").split("/");
      return ["src", "lib"].includes(parts[0]!) && parts.length > 1 ? [parts[0]!, parts[1]!] : [parts[0]!];
    }));
    const editors = new Map(parsed.filter((f) => !isTest(f.path)).map((file) => [file.path, treeRenamer(file, dep.value, renamed, roots)] as const));
    const { patch, edits } = rewriteAdded(gold, isTest, (seg, before) => {
      if (seg.kind === "string") {
        const quote = seg.text[0];
        return seg.text.length >= 2 && (quote === '"' || quote === "'") && seg.text.slice(1, -1) === dep.value ? `${quote}${renamed}${quote}` : seg.text;
      }
      return seg.text.replace(re, (match, offset: number) => {
        const left = (before + seg.text.slice(0, offset)).match(/([A-Za-z_$][\w$]*)\s*\??\.\s*$/);
        if (left && (BUILTINS.has(left[1]!) || external.has(left[1]!))) return match;
        // A bare name a package binds (`import { from } from "rxjs"`) is the package's.
        if (!left && external.has(dep.value)) return match;
        return renamed;
      });
    }, editors);
    return edits > 0 ? { ok: true, patch, mutation: `${dep.value} → ${renamed}`, edits } : { ok: false, reason: `gold's non-test code never writes ${dep.value}` };
  }
  if (dep.kind === "literal") {
    const raw = dep.value;
    // A docstring that shows the literal is prose: the literal is changed at its producer, never there.
    const docs = new Map(parsed.filter((f) => !isTest(f.path)).map((f) => [f.path, docstringRows(f)] as const));
    // Where gold's file is parsed, the tree says what is string text (never a docstring, never an f-string's `{…}`
    // code): the lexer over the diff loses a triple quote opened on a removed line. Elsewhere the lexer.
    const codeFiles = parsed.filter((f) => !isTest(f.path));
    const inStrings = (edit: (text: string) => string, quoted = false) => rewriteAdded(gold, isTest, (seg, before, path, row) => {
      if (seg.kind !== "string" || docs.get(path)?.has(row)) return seg.text;
      if (!(path.endsWith(".py") && /(?<![A-Za-z0-9_])(?:[fF][rRbB]?|[rRbB][fF])$/.test(before))) return edit(seg.text);
      return seg.text.split(/(\{\{|\}\}|\{[^{}]*\})/).map((piece, i) => (i % 2 === 1 ? piece : edit(piece))).join("");
    }, quoted ? undefined : new Map(codeFiles.map((f) => [f.path, treeStringEditor(f, edit)] as const)));
    // Each producing expression of gold's added code wrapped, so its result changes only where it is (or holds) `text`.
    // A result holding a longer text the test file also compares (`… --bar (alias for --realbar)` around `… --bar`)
    // is that text's dependency: it stays.
    const atProducers = (text: string, contains: boolean) => {
      const added = addedRows(gold);
      const editors = new Map<string, TRowEditor>();
      const spared = contains ? [...new Set((dep.alongside ?? []).filter((t) => t.length > text.length && t.includes(text)))] : [];
      for (const file of parsed) {
        if (isTest(file.path)) continue;
        const inserts = producerWrappers(file, text, contains, added.get(file.path) ?? new Set(), spared);
        if (inserts.length > 0) editors.set(file.path, insertionEditor(file.source, inserts));
      }
      const wrapped = editors.size > 0 ? rewriteAdded(gold, isTest, (seg) => seg.text, editors) : null;
      const leftAlone = spared.length > 0 ? ` (not where it holds a longer text the tests compare: ${spared.map((t) => JSON.stringify(t)).join(", ")})` : "";
      return wrapped && wrapped.edits > 0 ? { ...wrapped, leftAlone } : null;
    };
    // An output holding a digest that only a hash gold adds writes (gaps9's rule): that hash, in gold's added lines, takes
    // an algorithm of another size, so the digest it writes changes; the base's hashes and the constants stay (cf9).
    if (dep.match !== "regex") {
      const hashed = digestMutation(gold, raw, isTest, codeFiles);
      if (hashed) return hashed;
      // An output keeping a character only gold's changed pattern lets through: that pattern matches it again (cf10).
      const kept = keptCharacterMutation(gold, raw, isTest, codeFiles, parsedBase, dep.alongside);
      if (kept) return kept;
    }
    if (dep.match !== "regex" && raw.length > 0 && !/^-?[0-9][0-9.]*$/.test(raw)) {
      const alt = changedLiteral(raw, dep.match === "contains");
      const direct = inStrings((text) => text.split(raw).join(alt));
      if (direct.edits > 0) return { ok: true, patch: direct.patch, mutation: `"${raw}" → "${alt}"`, edits: direct.edits };
      // An output holding JSON text (`foo=%7B%22bar%22%3A1%7D`) that a JavaScript `JSON.stringify` gold adds writes: that
      // serializer's output gets a "~", so what it makes differs and a caller's own serializer is left alone (gaps7).
      if (jsonTextOf(raw) !== null) {
        const serializer = /(?<![\w$.])JSON\.stringify(?![\w$])/g;
        const changed = rewriteAdded(gold, isTest, (seg, _before, path) => (seg.kind === "code" && !path.endsWith(".py") ? seg.text.replace(serializer, '((...__cf_a) => JSON.stringify(...__cf_a) + "~")') : seg.text));
        if (changed.edits > 0) return { ok: true, patch: changed.patch, mutation: 'the JSON.stringify gold adds, its output + "~"', edits: changed.edits };
      }
      // A name the test hands in as a string (a style, an option value) that gold writes as an object's key
      // (`empty: function () …`, `empty() {…}`): the key is the literal's producer.
      if (dep.match !== "contains" && /^[A-Za-z_$][\w$]*$/.test(raw)) {
        const added = addedRows(gold);
        const editors = new Map<string, TRowEditor>();
        for (const file of parsed) {
          if (isTest(file.path) || isProse(file.path) || file.path.endsWith(".py")) continue;
          const inserts = keyEdits(file, raw, JSON.stringify(alt), added.get(file.path) ?? new Set());
          if (inserts.length > 0) editors.set(file.path, replacementEditor(file.source, inserts));
        }
        const keyed = editors.size > 0 ? rewriteAdded(gold, isTest, (seg) => seg.text, editors) : null;
        if (keyed && keyed.edits > 0) return { ok: true, patch: keyed.patch, mutation: `the key ${raw} → "${alt}"`, edits: keyed.edits };
      }
      // A date-time whose UTC offset only a time zone gold names writes (the analyzer's offset rule): gold's zoned
      // date-time is made naive where gold makes it, so the output keeps its digits and loses the offset (Python).
      if (DATE_TIME_WITH_OFFSET.test(raw)) {
        const added = addedRows(gold);
        const editors = new Map<string, TRowEditor>();
        for (const file of parsed) {
          if (isTest(file.path) || isProse(file.path) || !file.path.endsWith(".py")) continue;
          const inserts = timeZoneEdits(file, added.get(file.path) ?? new Set());
          if (inserts.length > 0) editors.set(file.path, insertionEditor(file.source, inserts));
        }
        const naive = editors.size > 0 ? rewriteAdded(gold, isTest, (seg) => seg.text, editors) : null;
        if (naive && naive.edits > 0) return { ok: true, patch: naive.patch, mutation: `the time zone gold's date-time is made in, dropped there (.replace(tzinfo=None)): "${raw}" loses its offset`, edits: naive.edits };
      }
      // Made by a template (or helper) shared with other outputs: its result changes only when it is the literal.
      // An expected template written with placeholders (`${key}`) is a shape, not a value: its words are changed below.
      const wrapped = /\$\{[^}]*\}/.test(raw) ? null : atProducers(raw, dep.match === "contains");
      if (wrapped) return { ok: true, patch: wrapped.patch, mutation: `the producer's result, where it ${dep.match === "contains" ? "holds" : "is"} "${raw}": → "${alt}"${wrapped.leftAlone}`, edits: wrapped.edits };
    }
    if (dep.match !== "regex" && /^-?[0-9][0-9.]*$/.test(raw)) {
      const re = new RegExp(`(?<![A-Za-z0-9_.])${escape(raw)}(?![A-Za-z0-9_.])`, "g");
      const changed = String(Number(raw) + 1);
      const n = rewriteAdded(gold, isTest, (seg) => (seg.kind === "code" ? seg.text.replace(re, changed) : seg.kind === "string" && seg.text.slice(1, -1) === raw ? seg.text.replace(raw, changed) : seg.text));
      if (n.edits > 0) return { ok: true, patch: n.patch, mutation: `${raw} → ${changed}`, edits: n.edits };
    }
    // A pattern of plain text (`/argument credentials is required/`) is a message gold writes whole: its text is changed
    // inside the strings of gold's that hold it, except a string that also holds a longer pattern the same test matches
    // (`/… is required to have name and pass properties/`: that message is the longer pattern's dependency). A word it
    // shares with other messages ("credentials") stays, so only the messages this pattern alone matches change.
    if (dep.match === "regex" && PLAIN_PATTERN.test(raw) && /\s/.test(raw)) {
      const texts = [
        ...parsed.filter((f) => isTest(f.path) || f.path === dep.file).flatMap(regexLiterals).map((r) => r.pattern).filter((p) => PLAIN_PATTERN.test(p)),
        ...(dep.alongside ?? []),
      ].filter((p) => p !== raw && p !== "");
      const longer = new Set(texts.filter((p) => p.includes(raw)));
      // The mark goes where it splits no shorter expected text the pattern holds (`… is required` inside `… is required
      // to have name and pass properties`), so the shorter pattern still matches the longer message.
      const spans = texts.filter((p) => raw.includes(p)).flatMap((p) => [...raw.matchAll(new RegExp(escape(p), "g"))].map((m) => [m.index!, m.index! + p.length] as const));
      const at = Array.from({ length: raw.length - 1 }, (_, i) => i + 1).find((i) => !spans.some(([a, b]) => a < i && i < b)) ?? 1;
      const alt = `${raw.slice(0, at)}~${raw.slice(at)}`;
      const { patch, edits } = inStrings((text) => (text.includes(raw) && ![...longer].some((l) => text.includes(l)) ? text.split(raw).join(alt) : text));
      if (edits > 0) return { ok: true, patch, mutation: `"${raw}" → "${alt}" in the strings that write it${longer.size ? ` (not where a longer pattern of the test's is written: ${[...longer].map((l) => JSON.stringify(l)).join(", ")})` : ""}`, edits };
    }
    // A pattern that is plain text once its escapes are read (`Received: Unknown document position \(20\)`): the text
    // it asks the output to hold, changed where the producer's result holds it, as a `contains` literal is — so the
    // template's other values (`(10)`) stay (jest-dom-to-appear-before-after, held-out 19).
    const text = dep.match === "regex" ? patternText(raw) : null;
    const atPattern = text && /\s/.test(text) ? atProducers(text, true) : null;
    if (text && atPattern) return { ok: true, patch: atPattern.patch, mutation: `the producer's result, where it holds "${text}": → "${changedLiteral(text, true)}"${atPattern.leftAlone}`, edits: atPattern.edits };
    // A message built from a template, or a pattern: change a word of it where gold's strings write it — inside the
    // word, so a pattern or a `contains` comparison that ends with it no longer matches either. The word of the string
    // that writes most of the message's words goes first, then the word fewest strings write, then the longest: a
    // word every message shares ("Received: ${…}") would change the other messages too, where "Unknown document
    // position" is this message's own (jest-dom-to-appear-before-after, held-out 19).
    const all = [...new Set(raw.match(/[A-Za-z]{3,}/g) ?? [])];
    const wordIn = (word: string, flags = "") => new RegExp(`(?<![A-Za-z])${escape(word)}(?![A-Za-z])`, flags);
    const words = all.map((word) => {
      const alt = `${word.slice(0, 1)}~${word.slice(1)}`;
      let own = 0;
      const edit = inStrings((text) => {
        if (wordIn(word).test(text)) own = Math.max(own, all.filter((w) => wordIn(w).test(text)).length);
        return text.replace(wordIn(word, "g"), alt);
      });
      return { word, alt, own, ...edit };
    });
    const written = words.filter((w) => w.edits > 0).sort((a, b) => b.own - a.own || a.edits - b.edits || b.word.length - a.word.length);
    if (written[0]) return { ok: true, patch: written[0].patch, mutation: `"${written[0].word}" → "${written[0].alt}" in the message`, edits: written[0].edits };
    // (Read with its quotes: the lexer's string segments, not the tree's text pieces.)
    // A piece of a concatenated output (`] } ]`: gold's `{ [object global] }` closes with `] }`, the base's array
    // brackets add ` ]`): change the longest overlap of a string gold writes with the piece's start or end.
    const overlap = (inner: string) => {
      let best = 0;
      for (let k = Math.min(inner.length, raw.length); k >= 2 && best === 0; k--) {
        if (raw.slice(0, k).trim().length >= 2 && inner.endsWith(raw.slice(0, k))) best = k;
        else if (raw.slice(-k).trim().length >= 2 && inner.startsWith(raw.slice(-k))) best = -k;
      }
      return best;
    };
    if (raw.trim().length >= 2 && !/[A-Za-z0-9]/.test(raw)) {
      const { patch, edits } = inStrings((text) => {
        const q = text[0];
        if (!q || !`'"\``.includes(q) || text.length < 2) return text;
        const inner = text.slice(1, -1);
        const k = overlap(inner);
        if (k > 0) return `${q}${inner}~${q}`;
        if (k < 0) return `${q}~${inner}${q}`;
        return text;
      }, true);
      if (edits > 0) return { ok: true, patch, mutation: `the text gold writes at ${JSON.stringify(raw)}'s edge, changed`, edits };
    }
    // A name the test reads from a signature gold changes (`inspect.signature(fn).parameters`, compared as strings): its
    // producer is the parameter gold adds. Renamed in gold's functions and gold's calls of them, so the signature differs;
    // each module-level one is wrapped at the module's end to take the old keyword still, so a test that passes it (a
    // dependency of its own) keeps working and only what reads the signature's names sees another name.
    if (dep.match !== "regex" && /^[A-Za-z_][A-Za-z0-9_]*$/.test(raw)) {
      const py = parsed.filter((f) => f.path.endsWith(".py") && !isTest(f.path) && !isProse(f.path));
      const renamed = renamedIdentifier(raw, true);
      const found = py.length > 0 ? parameterRenames(py, raw, renamed, addedRows(gold)) : null;
      if (found) {
        const editors = new Map([...found.edits].map(([file, edits]) => [file, replacementEditor(py.find((f) => f.path === file)!.source, edits)] as const));
        const renamedGold = rewriteAdded(gold, isTest, (seg) => seg.text, editors);
        const sections = [...found.owners].flatMap(([file, fns]) => {
          const line = fns.map((fn) => `${fn} = (lambda __cf_f: __import__("functools").wraps(__cf_f)(lambda *__cf_a, **__cf_k: __cf_f(*__cf_a, **{(${JSON.stringify(renamed)} if __cf_n == ${JSON.stringify(raw)} else __cf_n): __cf_v for __cf_n, __cf_v in __cf_k.items()})))(${fn})`).join("; ");
          // The appended section's context is the file as renamed (its last lines may be gold's, renamed).
          const parsedFile = py.find((f) => f.path === file)!;
          const source = [...(found.edits.get(file) ?? [])].sort((a, b) => b.start - a.start).reduce((s, e) => s.slice(0, e.start) + e.text + s.slice(e.end), parsedFile.source);
          const section = appendedLineDiff({ ...parsedFile, source }, line);
          return section ? [section] : [];
        });
        if (renamedGold.edits > 0) {
          const patch = sections.length > 0 ? `${renamedGold.patch.replace(/\n?$/, "\n")}${sections.join("")}` : renamedGold.patch;
          const owners = [...new Set([...found.owners.values()].flat())];
          return { ok: true, patch, mutation: `the parameter gold adds, ${raw} → ${renamed}${owners.length > 0 ? ` in ${owners.join(", ")} (the old keyword still taken from outside callers)` : ""}`, edits: renamedGold.edits + sections.length };
        }
      }
    }
    // The test's own inputs joined by a separator gold adds (`[name, ...alias].join(", ")`): the separator is gold's,
    // so it is changed at the join calls gold adds, and only there (branch cf7).
    if (dep.match !== "regex" && raw.length > 0) {
      const added = addedRows(gold);
      const editors = new Map<string, TRowEditor>();
      const seps = new Set<string>();
      for (const file of parsed) {
        if (isTest(file.path) || isProse(file.path)) continue;
        const edits = joinSeparatorEdits(file, raw, added.get(file.path) ?? new Set());
        if (edits.length === 0) continue;
        editors.set(file.path, replacementEditor(file.source, edits));
        for (const e of edits) seps.add(e.sep);
      }
      const joined = editors.size > 0 ? rewriteAdded(gold, isTest, (seg) => seg.text, editors) : null;
      if (joined && joined.edits > 0) return { ok: true, patch: joined.patch, mutation: `the separator of the join calls gold adds, ${[...seps].map((sep) => `${JSON.stringify(sep)} → ${JSON.stringify(changedLiteral(sep, true))}`).join(", ")}`, edits: joined.edits };
    }
    // Made by the test's own callback from an argument gold adds to its call of it: changed at that call.
    if (dep.match !== "regex" && raw.length > 0) {
      const added = addedRows(gold);
      const removedBy = new Map(splitDiff(gold).map((f) => [f.path, f.lines.filter((l) => l.startsWith("-") && !l.startsWith("---")).map((l) => l.slice(1))] as const));
      const editors = new Map<string, TRowEditor>();
      const described: string[] = [];
      for (const file of parsed) {
        if (isTest(file.path) || isProse(file.path)) continue;
        const found = callbackArguments(file, removedBy.get(file.path) ?? [], added.get(file.path) ?? new Set());
        if (found.inserts.length === 0) continue;
        editors.set(file.path, insertionEditor(file.source, found.inserts));
        described.push(...found.described);
      }
      const changed = editors.size > 0 ? rewriteAdded(gold, isTest, (seg) => seg.text, editors) : null;
      if (changed && changed.edits > 0) return { ok: true, patch: changed.patch, mutation: `${[...new Set(described)].join(", ")}, changed (a string gets "~", a number 1 more)`, edits: changed.edits };
    }
    // Computed by a function gold adds, written by none of its strings: changed where gold's functions return it.
    if (dep.match !== "regex" && raw.length > 0 && !/\$\{[^}]*\}/.test(raw) && !/^-?[0-9][0-9.]*$/.test(raw)) {
      const added = addedRows(gold);
      const editors = new Map<string, TRowEditor>();
      for (const file of parsed) {
        if (isTest(file.path) || isProse(file.path)) continue;
        const inserts = returnWrappers(file, raw, dep.match === "contains", added.get(file.path) ?? new Set());
        if (inserts.length > 0) editors.set(file.path, insertionEditor(file.source, inserts));
      }
      const wrapped = editors.size > 0 ? rewriteAdded(gold, isTest, (seg) => seg.text, editors) : null;
      const alt = changedLiteral(raw, dep.match === "contains");
      if (wrapped && wrapped.edits > 0) return { ok: true, patch: wrapped.patch, mutation: `what gold's functions return, where it ${dep.match === "contains" ? "holds" : "is"} "${raw}": → "${alt}"`, edits: wrapped.edits };
    }
    // Computed by a function gold changes and handed out at a return gold leaves as it was (humanize's intcomma formats
    // with gold's "{0:.{1}f}" and returns through the base's `return new`; change-case's title-case, where gold changes
    // a pattern and no return): each such function whose lines gold's diff touches — a Python module-level function, an
    // ES module's exported function declaration — is wrapped at the module's end, so its result changes only where it
    // is the literal (a recursive call goes through the wrapper too; the outermost result then no longer equals it).
    if (dep.match !== "regex" && raw.length > 0 && !/\$\{[^}]*\}/.test(raw) && !/^-?[0-9][0-9.]*$/.test(raw)) {
      const added = addedRows(gold);
      const sections: string[] = [];
      for (const file of parsed) {
        const wrapper = isTest(file.path) || isProse(file.path) ? null : functionWrapper(file);
        const rows = added.get(file.path);
        if (!wrapper || !rows || rows.size === 0) continue;
        const names = wrapper.functions
          .filter((n) => [...rows].some((r) => r >= n.row && r <= rowOf(file.source, n.end)))
          .map((n) => textOf(file.source, field(n, "name")!));
        if (names.length === 0) continue;
        const section = appendedLineDiff(file, wrapper.line(names, wrapperOpen(file.path, raw, dep.match === "contains")));
        if (section) sections.push(section);
      }
      if (sections.length > 0) {
        const patch = `${gold.replace(/\n?$/, "\n")}${sections.join("")}`;
        return { ok: true, patch, mutation: `what the functions gold changes return, where it ${dep.match === "contains" ? "holds" : "is"} "${raw}": → "${changedLiteral(raw, dep.match === "contains")}"`, edits: sections.length };
      }
    }
    // Computed by the base's code from what gold changes (mime-types' lookup picks video/mp4 once gold's scores say so):
    // changed where the base's CommonJS modules that gold's diff leaves alone hand it out — the results of their
    // exported functions — never at an inner return (the base's own helpers return the value as a key it looks up).
    if (dep.match !== "regex" && raw.length > 0 && !/\$\{[^}]*\}/.test(raw) && !/^-?[0-9][0-9.]*$/.test(raw)) {
      const touched = new Set(splitDiff(gold).map((f) => f.path));
      const sections = parsed
        .filter((f) => !touched.has(f.path) && !isTest(f.path) && !isProse(f.path) && /\.c?js$/.test(f.path) && isCommonJs(f.source))
        .map((f) => appendedLineDiff(f, exportsWrapper(raw, dep.match === "contains")))
        .filter((d): d is string => d !== null);
      if (sections.length > 0) {
        const patch = `${gold.replace(/\n?$/, "\n")}${sections.join("")}`;
        return { ok: true, patch, mutation: `what the base's exported functions return, where it ${dep.match === "contains" ? "holds" : "is"} "${raw}": → "${changedLiteral(raw, dep.match === "contains")}"`, edits: sections.length };
      }
    }
    // A whole number no text of gold's writes, which gold's behaviour counts (how often the function gold adds calls the
    // test's own code: powerset-of-sets' `hash_count <= 14`): the work of each module-level Python function gold adds is
    // done raw + 1 times, its last result returned, an iterator argument replayed from a list, so any count of that work
    // exceeds the number and what the function gives stays (cf10). A number it does not count leaves the probes passing.
    if (/^[0-9]+$/.test(raw) && Number(raw) <= 1000) {
      const repeated = repeatedWork(gold, isTest, parsed, Number(raw) + 1);
      if (repeated) return repeated;
    }
    if (/^-?[0-9]+(\.[0-9]+)?$/.test(raw)) {
      const results = classResults(gold, isTest, parsed, Number(raw));
      if (results) return results;
    }
    if (/^-?[0-9][0-9.]*$/.test(raw)) {
      return { ok: false, reason: `gold's non-test code never writes the number ${raw}, and a number is changed only where gold writes it: one that gold's behaviour produces (a count of its calls, a size) has no text to change` };
    }
    // An output listing the module's names as quoted strings (an inline snapshot of `Object.keys(mod)`; gaps10's names
    // listing), some of them names only gold defines: its producer is gold's definition of them. The first such name
    // is renamed (its definition and references, as a name dependency is), so the listing differs and every value the
    // module gives stays gold's (cf11).
    const listing = dep.match !== "regex" ? listedGoldNames(gold, raw, isTest, parsed, parsedBase) : [];
    for (const name of listing) {
      const renamed = mutateGold(gold, { kind: "name", value: name, match: null }, isTest, parsed, parsedBase);
      if (renamed.ok) return { ...renamed, mutation: `the output lists ${listing.join(", ")}, which only gold defines: ${renamed.mutation}` };
    }
    return { ok: false, reason: `gold's non-test code never writes the literal ${JSON.stringify(dep.value)}` };
  }
  return movedModule(gold, dep.value, dep.file ?? null, isTest);
}

/** Probes that did not pass: failed, errored, skipped or missing (a unit that no longer loads). */
export function counterfactualOutcome(predicted: readonly string[], failed: readonly string[], allProbes?: readonly string[]): TCounterfactualOutcome {
  return judgeCounterfactual(predicted, failed, allProbes).outcome;
}

/**
 * The verdict with its reason. When every probe of the suite fails although fewer were predicted, the change
 * broke the build rather than the dependency: an error, not evidence either way.
 */
export function judgeCounterfactual(predicted: readonly string[], failed: readonly string[], allProbes?: readonly string[]): { outcome: TCounterfactualOutcome; reason: string } {
  const expected = new Set(predicted);
  if (failed.length === 0) return { outcome: "refuted", reason: "no probe failed: the tests do not need this exact name or literal" };
  if (allProbes && allProbes.length > 0 && allProbes.every((p) => failed.includes(p)) && !allProbes.every((p) => expected.has(p))) {
    return { outcome: "error", reason: `every probe failed (${failed.length}), more than the ${predicted.length} predicted: the counterfactual does not build, so it says nothing about the dependency` };
  }
  if (failed.every((p) => expected.has(p))) return { outcome: "confirmed", reason: `${failed.length} of the ${predicted.length} predicted probes failed, and no other` };
  return { outcome: "wider", reason: `${failed.filter((p) => !expected.has(p)).length} probes beyond the ${predicted.length} predicted failed` };
}

/**
 * Over finished counterfactuals: measured precision — confirmed among confirmed or refuted (a wider run or an
 * error proves neither) — and blast-radius accuracy over the decided ones.
 */
export function counterfactualSummary(rows: readonly { outcome: string | null; predicted: readonly string[]; failed: readonly string[] }[]) {
  const decided = rows.filter((r) => r.outcome === "confirmed" || r.outcome === "refuted");
  const confirmed = decided.filter((r) => r.outcome === "confirmed");
  const predicted = decided.reduce((n, r) => n + r.predicted.length, 0);
  const failedOfPredicted = decided.reduce((n, r) => n + r.failed.filter((p) => r.predicted.includes(p)).length, 0);
  return {
    decided: decided.length,
    confirmed: confirmed.length,
    errors: rows.filter((r) => r.outcome === "error").length,
    precision: decided.length === 0 ? null : confirmed.length / decided.length,
    /** Share of the predicted probes that really failed. */
    blastRadiusAccuracy: predicted === 0 ? null : failedOfPredicted / predicted,
  };
}
