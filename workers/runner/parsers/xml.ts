// A deliberately small XML reader for test reports: elements, attributes,
// text, CDATA, comments, processing instructions and a DOCTYPE are handled;
// namespaces and DTD-declared entities are not (no test reporter emits them).
// Pure: no I/O.

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** Concatenated direct text and CDATA content, entities decoded. */
  text: string;
}

export class XmlParseError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${message} (line ${line}, column ${column})`);
    this.name = "XmlParseError";
  }
}

const NAMED_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** Decodes the five predefined entities and character references; unknown entities stay literal. */
export function decodeEntities(raw: string): string {
  if (!raw.includes("&")) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, body: string) => {
    if (body.startsWith("#")) {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD";
    }
    return NAMED_ENTITIES[body] ?? whole;
  });
}

const NAME_END = /[\s/>=]/;

export function parseXml(input: string): XmlElement {
  const src = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  let pos = 0;
  let root: XmlElement | null = null;
  const stack: XmlElement[] = [];

  const fail = (message: string, at = pos): never => {
    const before = src.slice(0, at);
    const line = before.split("\n").length;
    const column = at - before.lastIndexOf("\n");
    throw new XmlParseError(message, line, column);
  };
  const skipPast = (terminator: string, what: string): void => {
    const end = src.indexOf(terminator, pos);
    if (end < 0) fail(`unterminated ${what}`);
    pos = end + terminator.length;
  };
  const appendText = (text: string, at: number): void => {
    const current = stack[stack.length - 1];
    if (current) current.text += text;
    else if (text.trim() !== "") fail(root ? "content after the root element" : "text before the root element", at);
  };

  if (src.trim() === "") fail("empty document", 0);

  while (pos < src.length) {
    const lt = src.indexOf("<", pos);
    if (lt < 0) {
      appendText(decodeEntities(src.slice(pos)), pos);
      break;
    }
    if (lt > pos) appendText(decodeEntities(src.slice(pos, lt)), pos);
    pos = lt;

    if (src.startsWith("<?", pos)) skipPast("?>", "processing instruction");
    else if (src.startsWith("<!--", pos)) skipPast("-->", "comment");
    else if (src.startsWith("<![CDATA[", pos)) {
      const start = pos;
      const end = src.indexOf("]]>", pos);
      if (end < 0) fail("unterminated CDATA section");
      appendText(src.slice(pos + 9, end), start);
      pos = end + 3;
    } else if (src.startsWith("<!DOCTYPE", pos) || src.startsWith("<!doctype", pos)) {
      const bracket = src.indexOf("[", pos);
      const close = src.indexOf(">", pos);
      if (bracket >= 0 && close >= 0 && bracket < close) skipPast("]>", "DOCTYPE");
      else skipPast(">", "DOCTYPE");
    } else if (src.startsWith("</", pos)) {
      const end = src.indexOf(">", pos);
      if (end < 0) fail("unterminated closing tag");
      const name = src.slice(pos + 2, end).trim();
      const open = stack.pop();
      if (!open) fail(`closing tag </${name}> without an open element`);
      else if (open.name !== name) fail(`closing tag </${name}> does not match <${open.name}>`);
      pos = end + 1;
    } else {
      pos = parseStartTag(pos);
    }
  }
  const unclosed = stack[stack.length - 1];
  if (unclosed) fail(`element <${unclosed.name}> is not closed`, src.length);
  // `root` is assigned inside attach(), which the compiler's narrowing cannot see.
  const result = root as XmlElement | null;
  return result ?? fail("no root element", 0);

  function parseStartTag(start: number): number {
    let i = start + 1;
    while (i < src.length && !NAME_END.test(src[i] as string)) i++;
    const name = src.slice(start + 1, i);
    if (name === "" || !/^[A-Za-z_:][\w.:-]*$/.test(name)) fail("expected an element name after '<'", start);
    const element: XmlElement = { name, attrs: {}, children: [], text: "" };
    for (;;) {
      while (i < src.length && /\s/.test(src[i] as string)) i++;
      const ch = src[i];
      if (ch === undefined) return fail(`unterminated tag <${name}>`, start);
      if (ch === ">" || src.startsWith("/>", i)) {
        attach(element, start);
        if (ch === ">") {
          stack.push(element);
          return i + 1;
        }
        return i + 2;
      }
      const nameStart = i;
      while (i < src.length && !NAME_END.test(src[i] as string)) i++;
      const attrName = src.slice(nameStart, i);
      while (i < src.length && /\s/.test(src[i] as string)) i++;
      if (attrName === "" || src[i] !== "=") return fail(`malformed attribute in <${name}>`, nameStart);
      i++;
      while (i < src.length && /\s/.test(src[i] as string)) i++;
      const quote = src[i];
      if (quote !== '"' && quote !== "'") return fail(`attribute ${attrName} of <${name}> is not quoted`, i);
      const close = src.indexOf(quote, i + 1);
      if (close < 0) return fail(`unterminated value of attribute ${attrName}`, i);
      element.attrs[attrName] = decodeEntities(src.slice(i + 1, close));
      i = close + 1;
    }
  }

  function attach(element: XmlElement, at: number): void {
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(element);
    else if (root) fail("more than one root element", at);
    else root = element;
  }
}
