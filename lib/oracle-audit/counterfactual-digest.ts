// Pure: a digest that only a hash gold adds writes, changed at that hash, or where a CommonJS module gold changes
// composes its output from it.
import { appendedLineDiff, isProse, rewriteAdded, splitDiff, type TMutation, type TRowEditor } from "./counterfactual-diff";
import { isCommonJs } from "./counterfactual-results";
import { digestTokensOf, digestWriter } from "./formats";
import type { TParsedFile } from "./types";

/** JavaScript: a hash object whose digest starts with `token` writes it with its first character (byte) changed. */
const jsDigestWrap = (token: string, encoding: "hex" | "base64") =>
  `((__cf_h) => ({ update(...__cf_u) { __cf_h.update(...__cf_u); return this; }, ` +
  `digest(...__cf_d) { const d = __cf_h.digest(...__cf_d); const s = typeof d === "string" ? d : Buffer.from(d).toString(${JSON.stringify(encoding)}); ` +
  `if (!s.startsWith(${JSON.stringify(token)})) return d; if (typeof d !== "string") { const b = Buffer.from(d); b[0] ^= 1; return b; } ` +
  `return (d[0] === ${JSON.stringify(encoding === "hex" ? "0" : "A")} ? ${JSON.stringify(encoding === "hex" ? "1" : "B")} : ${JSON.stringify(encoding === "hex" ? "0" : "A")}) + d.slice(1); } }))`;

/** A call of `createHash` through `callee` (`crypto.createHash`), its result wrapped. */
const jsDigestWrapper = (token: string, encoding: "hex" | "base64") => `((__cf_f) => (...__cf_a) => ${jsDigestWrap(token, encoding)}(__cf_f(...__cf_a)))`;

/**
 * `.createHash` continuing a chain whose receiver is on another line (etag's `crypto\n  .createHash('sha1')`): a
 * computed member, a symbol whose getter (installed once, not enumerable) calls the receiver's own createHash and wraps it.
 */
const jsDigestMember = (token: string, encoding: "hex" | "base64") =>
  `[((k) => (Object.prototype.hasOwnProperty(k) || Object.defineProperty(Object.prototype, k, { configurable: true, get() { const o = this; ` +
  `return (...__cf_a) => ${jsDigestWrap(token, encoding)}(o.createHash(...__cf_a)); } }), k))(Symbol.for(${JSON.stringify(`__cf_createHash ${token}`)}))]`;

/** Python: the same, for `hexdigest()` (hex) and `digest()` (bytes, compared by their hex or base64). */
const pyDigestWrapper = (token: string, encoding: "hex" | "base64") => {
  const shown = encoding === "hex" ? "__cf_d.hex()" : "__import__('base64').b64encode(__cf_d).decode()";
  return `(lambda __cf_f: lambda *__cf_a, **__cf_k: (lambda __cf_h: type("__cf_hash", (), {` +
    `"update": lambda self, *u: __cf_h.update(*u), "copy": lambda self: __cf_h.copy(), "digest_size": __cf_h.digest_size, "name": __cf_h.name, ` +
    `"digest": lambda self: (lambda __cf_d: bytes([__cf_d[0] ^ 1]) + __cf_d[1:] if ${shown}.startswith(${JSON.stringify(token)}) else __cf_d)(__cf_h.digest()), ` +
    `"hexdigest": lambda self: (lambda __cf_x: ("1" if __cf_x[0] == "0" else "0") + __cf_x[1:] if __cf_x.startswith(${JSON.stringify(token)}) else __cf_x)(__cf_h.hexdigest())` +
    `})())(__cf_f(*__cf_a, **__cf_k)))`;
};

/** A digest token with its first character (hex digit or base64 letter) changed, as the hash wrappers write it. */
const flippedDigest = (token: string, encoding: "hex" | "base64") =>
  (token[0] === (encoding === "hex" ? "0" : "A") ? (encoding === "hex" ? "1" : "B") : encoding === "hex" ? "0" : "A") + token.slice(1);

/**
 * One line, appended to a CommonJS module, that wraps what it exports — the function itself (`module.exports = etag`)
 * or each function of an exported object — so a result that is `literal` comes back as `changed`; every other result,
 * and a call with `new`, as before.
 */
function composedExportsWrapper(literal: string, changed: string): string {
  return `;(function (__cf_m) { var __cf_wrap = function (__cf_fn) { var __cf_w = function () { var __cf_value = new.target ? Reflect.construct(__cf_fn, arguments, new.target) : __cf_fn.apply(this, arguments); return __cf_value === ${JSON.stringify(literal)} ? ${JSON.stringify(changed)} : __cf_value; }; ` +
    `Object.keys(__cf_fn).forEach(function (__cf_k) { __cf_w[__cf_k] = __cf_fn[__cf_k]; }); __cf_w.prototype = __cf_fn.prototype; return __cf_w; }; var __cf_e = __cf_m.exports; ` +
    `if (typeof __cf_e === "function") __cf_m.exports = __cf_wrap(__cf_e); else if (__cf_e && typeof __cf_e === "object") Object.keys(__cf_e).forEach(function (__cf_k) { if (typeof __cf_e[__cf_k] === "function") __cf_e[__cf_k] = __cf_wrap(__cf_e[__cf_k]); }); })(module);`;
}

/**
 * Gold with the hash it adds of a digest `raw` holds (gaps9's rule) changed where it writes that digest. In a CommonJS
 * file of gold's that adds the hash, the output the test compares is composed by the functions the file exports (etag's
 * `W/` + strong tag, one digest behind both): their result is changed where it is the literal, its digest written with
 * another first character, so a tag of the same digest composed otherwise stays (branch cf10). Elsewhere gold's added
 * `createHash('sha1')` (JavaScript), `hashlib.sha1(…)` / `hashlib.new('sha1')` (Python) of the digest's size is wrapped so
 * a digest starting with the literal's token is written with its first character (byte) changed — that output alone
 * changes, gold's other digests, the base's hashes and the constants stay (branch cf9); a digest gold's added text holds
 * (a constant) is then left to the constant's strategies. Null where gold adds no such hash.
 */
export function digestMutation(gold: string, raw: string, isTest: (path: string) => boolean, parsed: readonly TParsedFile[]): TMutation | null {
  const code = splitDiff(gold).filter((f) => f.path && !isTest(f.path) && !isProse(f.path));
  for (const { token, bytes, encoding } of digestTokensOf(raw)) {
    const constant = code.some((f) => f.lines.some((l) => l.startsWith("+") && !l.startsWith("+++") && l.includes(token)));
    const isAlgorithm = (s: string) => digestWriter(bytes, new Set([s]), new Set(), []) !== null;
    const found = new Set<string>();
    const hashing = new Set<string>();
    const editors = new Map<string, TRowEditor>();
    for (const file of code) {
      const python = file.path.endsWith(".py");
      const wrapper = python ? pyDigestWrapper(token, encoding) : jsDigestWrapper(token, encoding);
      const calls = python
        ? /(?<![\w.])(hashlib\s*\.\s*(?:new\s*(?=\(\s*(['"])([\w-]+)\2)|([A-Za-z_]\w*)\s*(?=\()))/g
        : /(?:(?<![\w$.])((?:[A-Za-z_$][\w$]*\s*\.\s*)*createHash)|\.\s*createHash)\s*(?=\(\s*(['"`])([\w-]+)\2)/g;
      editors.set(file.path, (_row, body) => body.replace(calls, (match, callee: string | undefined, _q, quoted: string | undefined, attribute: string | undefined) => {
        const algorithm = quoted ?? attribute ?? "";
        if (!isAlgorithm(algorithm)) return match;
        found.add(python && attribute ? `hashlib.${attribute}` : `${(callee ?? ".createHash").replace(/\s+/g, "")}('${algorithm}')`);
        hashing.add(file.path);
        return callee === undefined ? jsDigestMember(token, encoding) : `(${wrapper})(${callee.trimEnd()})`;
      }));
    }
    const { patch, edits } = rewriteAdded(gold, isTest, (seg) => seg.text, editors);
    if (edits === 0) continue;
    const changed = raw.split(token).join(flippedDigest(token, encoding));
    const sections = parsed
      .filter((f) => hashing.has(f.path) && /\.c?js$/.test(f.path) && isCommonJs(f.source))
      .map((f) => [f.path, appendedLineDiff(f, composedExportsWrapper(raw, changed))] as const)
      .filter((s): s is readonly [string, string] => s[1] !== null);
    if (sections.length > 0) {
      return { ok: true, patch: `${gold.replace(/\n?$/, "\n")}${sections.map((s) => s[1]).join("")}`, mutation: `what ${sections.map((s) => s[0]).join(", ")} exports returns, where it is ${JSON.stringify(raw)} (its digest ${token} from the ${[...found].join(", ")} gold adds): → ${JSON.stringify(changed)}`, edits: sections.length };
    }
    if (!constant) return { ok: true, patch, mutation: `the ${[...found].join(", ")} gold adds (a ${bytes}-byte digest), its digest ${token} written with another first character`, edits };
  }
  return null;
}
