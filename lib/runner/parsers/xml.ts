// Pure: xML for test reports, read with `fast-xml-parser` (validated first, so a
// broken report is refused with a line and column) and handed to the JUnit
// rules as a small element tree. Pure: no I/O.
//
// Leniency kept from the reports seen in the wild: a bare `&` that starts no
// entity is read as a literal ampersand; HTML entities (`&nbsp;`) are decoded.
import { XMLParser, XMLValidator } from "fast-xml-parser";

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

const TEXT = "#text";
const CDATA = "#cdata";
const ATTRS = ":@";
const BARE_AMPERSAND = /&(?!#x[0-9a-fA-F]+;|#[0-9]+;|[A-Za-z][\w.-]*;)/g;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  preserveOrder: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: CDATA,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type OrderedNode = Record<string, unknown> & { [ATTRS]?: Record<string, string> };

export function parseXml(input: string): XmlElement {
  const src = escapeBareAmpersands(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
  if (src.trim() === "") throw new XmlParseError("empty document", 1, 1);
  const first = /\S/.exec(src);
  if (first && src[first.index] !== "<") throw at(src, first.index, "text before the root element");
  const verdict = XMLValidator.validate(src, { allowBooleanAttributes: false });
  if (verdict !== true) throw new XmlParseError(verdict.err.msg, verdict.err.line, verdict.err.col ?? 1);
  const nodes = parser.parse(src) as OrderedNode[];
  const roots = nodes.filter((node) => elementName(node) !== null);
  if (roots.length === 0) throw new XmlParseError("no root element", 1, 1);
  if (roots.length > 1) throw new XmlParseError("more than one root element", 1, 1);
  if (nodes.some((node) => elementName(node) === null && textOf(node).trim() !== "")) {
    throw new XmlParseError("content after the root element", 1, 1);
  }
  return toElement(roots[0]!);
}

/** `&` that starts no entity becomes `&amp;`, outside CDATA sections and comments. */
function escapeBareAmpersands(xml: string): string {
  if (!xml.includes("&")) return xml;
  return xml
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(BARE_AMPERSAND, "&amp;")))
    .join("");
}

function elementName(node: OrderedNode): string | null {
  return Object.keys(node).find((key) => key !== ATTRS && key !== TEXT && key !== CDATA) ?? null;
}

function textOf(node: OrderedNode): string {
  return typeof node[TEXT] === "string" ? (node[TEXT] as string) : "";
}

function toElement(node: OrderedNode): XmlElement {
  const name = elementName(node)!;
  const element: XmlElement = { name, attrs: { ...(node[ATTRS] ?? {}) }, children: [], text: "" };
  for (const child of (node[name] as OrderedNode[] | undefined) ?? []) {
    if (TEXT in child) element.text += String(child[TEXT]);
    else if (CDATA in child) element.text += (child[CDATA] as OrderedNode[]).map(textOf).join("");
    else if (elementName(child) !== null) element.children.push(toElement(child));
  }
  return element;
}

function at(src: string, index: number, message: string): XmlParseError {
  const before = src.slice(0, index);
  return new XmlParseError(message, before.split("\n").length, index - before.lastIndexOf("\n"));
}
