import { describe, expect, it } from "vitest";
import { parseXml, XmlParseError } from "./xml";

describe("parseXml", () => {
  it("reads attributes, entities, CDATA, comments, a DOCTYPE and self-closing elements", () => {
    const root = parseXml(
      `\uFEFF<?xml version="1.0"?>\n<!DOCTYPE r [ <!ELEMENT r ANY> ]>\n<!-- c -->` +
        `<r a='1 &amp; 2' b="&#x3C;&#60;&quot;"><x/><y>t&lt;1<![CDATA[<raw & kept>]]></y></r>`,
    );
    expect(root.name).toBe("r");
    expect(root.attrs).toEqual({ a: "1 & 2", b: '<<"' });
    expect(root.children.map((c) => c.name)).toEqual(["x", "y"]);
    expect(root.children[1]?.text).toBe("t<1<raw & kept>");
  });

  it("reads bare ampersands literally and decodes HTML entities", () => {
    expect(parseXml("<r>a &nbsp; b & c &amp;amp;</r>").text).toBe("a \u00a0 b & c &amp;");
    expect(parseXml(`<r m="1 &lt; 2&#10;next"/>`).attrs.m).toBe("1 < 2\nnext");
  });

  it.each([
    ["", /empty document/],
    ["PASS src/a.test.ts (3 tests)", /text before the root element/],
    ["<a><b></a>", /Expected closing tag 'b'/],
    ["<a>", /Unclosed tag 'a'/],
    ["<a x=1/>", /Attribute 'x' is without value/],
    ["<a/><b/>", /more than one root/],
    ["<a><!-- never closed", /Unclosed tag 'a'/],
  ])("rejects %j with a located error", (input, message) => {
    expect(() => parseXml(input)).toThrow(XmlParseError);
    expect(() => parseXml(input)).toThrow(message);
  });

  it("reports the line and column of the problem", () => {
    try {
      parseXml("<a>\n  <b>\n</a>");
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ line: 3, column: 1 });
    }
  });
});
