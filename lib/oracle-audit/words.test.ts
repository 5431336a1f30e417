import { describe, expect, it } from "vitest";
import { affixOf, identifierWords, mentionsFileName, mentionsIdentifier, mentionsLiteral, mentionsPath, systematicAffixes } from "./words";

describe("names stated as names", () => {
  it("wants a plain lowercase word written as code or named as a function, not only used as English", async () => {
    const { statesName } = await import("./words");
    expect(statesName("checks the required number of entries", "entries")).toBe(false);
    expect(statesName("add `entries(requirement)`", "entries")).toBe(true);
    expect(statesName("add an entries action", "entries")).toBe(true);
    expect(statesName("the function entries counts them", "entries")).toBe(true);
    expect(statesName("call x.entries", "entries")).toBe(true);
    expect(statesName("the value SSE writer", "valueSSE")).toBe(true);
  });
});

describe("formatting-tolerant matching", () => {
  it("splits identifiers in every case convention", () => {
    expect(identifierWords("valueSSE")).toEqual(["value", "sse"]);
    expect(identifierWords("HTTPServer2")).toEqual(["http", "server", "2"]);
    expect(identifierWords("header_accept")).toEqual(["header", "accept"]);
  });
  it("finds a name in backticks, quotes, or another case convention, not inside a longer word", () => {
    expect(mentionsIdentifier("export `valueSSE` from it", "valueSSE")).toBe(true);
    expect(mentionsIdentifier("the value-SSE writer", "valueSSE")).toBe(true);
    expect(mentionsIdentifier("a header_accept constant", "headerAccept")).toBe(true);
    expect(mentionsIdentifier("values as SSE", "valueSSE")).toBe(false);
    expect(mentionsIdentifier("it resets the budget", "reset")).toBe(false);
  });
  it("wants an exact literal whole, not inside a longer quoted string; a substring match takes the longer one", () => {
    expect(mentionsLiteral("fails with \"name required\".", "name required", "exact")).toBe(true);
    expect(mentionsLiteral("rejected with 'must not be an empty value string'", "empty value", "exact")).toBe(false);
    expect(mentionsLiteral("rejected with 'must not be an empty value string'", "empty value", "contains")).toBe(true);
    expect(mentionsLiteral("the port is 8080.", "8080", "exact")).toBe(true);
    expect(mentionsLiteral("the port is 80801.", "8080", "exact")).toBe(false);
  });
  it("names a file by a path with a directory or its full file name", () => {
    expect(mentionsPath("add rest/handler", "../src/rest/handler.js", "src/rest/handler.js")).toBe(true);
    expect(mentionsPath("add handler.js", "./handler", "src/rest/handler.js")).toBe(true);
    expect(mentionsPath("the handler answers", "../src/rest/handler.js", "src/rest/handler.js")).toBe(false);
    expect(mentionsFileName("a new quota module", "quota")).toBe(true);
    expect(mentionsFileName("the handler answers", "handler")).toBe(false);
  });
  it("finds affixes the code base uses systematically", () => {
    const names = new Set(["Allow", "AllowCtx", "Deny", "DenyCtx", "Check", "getValue", "value", "getName", "name"]);
    const affixes = systematicAffixes(names);
    expect(affixOf("CheckCtx", names, affixes)).toBe("Check + Ctx");
    expect(affixOf("CheckAll", names, affixes)).toBeNull();
    expect(affixOf("getCheck", names, affixes)).toBe("get + Check");
  });
});

describe("a function's identifier given, not described", () => {
  it("wants the identifier itself, or its words joined in a code convention and treated as code", async () => {
    const { givesIdentifier } = await import("./words");
    expect(givesIdentifier("The first gives Train-Case: split the input into words", "trainCase")).toBe(false);
    expect(givesIdentifier("Add a Title Case converter to scule", "titleCase")).toBe(false);
    expect(givesIdentifier("The second gives flat case", "flatCase")).toBe(false);
    expect(givesIdentifier("the value SSE writer", "valueSSE")).toBe(false);
    expect(givesIdentifier("add trainCase beside pascalCase", "trainCase")).toBe(true);
    expect(givesIdentifier("add `train_case`", "trainCase")).toBe(true);
    expect(givesIdentifier("its header-accept constant", "headerAccept")).toBe(true);
    expect(givesIdentifier("call header_accept()", "headerAccept")).toBe(true);
    expect(givesIdentifier("add TrainCase", "trainCase")).toBe(false);
  });

  it("a one-word identifier no English dictionary holds, written whole in prose, is given (humps-kebab-case)", async () => {
    const { givesIdentifier } = await import("./words");
    // "kebabize to convert strings …": a coined word, which only the identifier spells.
    expect(givesIdentifier("Add kebab-case support: kebabize to convert strings, dekebabize to convert back.", "kebabize")).toBe(true);
    expect(givesIdentifier("Add kebab-case support: kebabize to convert strings, dekebabize to convert back.", "dekebabize")).toBe(true);
    expect(givesIdentifier("Add kebab-case support to humps.", "kebabize")).toBe(false);
    // An English word in prose describes what the code does; as code it is still given.
    expect(givesIdentifier("parse the header and merge the defaults", "parse")).toBe(false);
    expect(givesIdentifier("call parse() on the header", "parse")).toBe(true);
  });
});
