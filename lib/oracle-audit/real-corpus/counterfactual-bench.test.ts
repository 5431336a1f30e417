import { describe, expect, it } from "vitest";
import { findingDependency } from "../../../bench/oracle-audit-counterfactuals";
import { dependencyKey } from "../findings";
import type { TDependency } from "../types";

const dep = (d: Partial<TDependency> & Pick<TDependency, "kind" | "value">): TDependency =>
  ({ module: null, owner: null, via: "member", match: null, line: 1, ...d }) as TDependency;

describe("the counterfactual bench finds the dependency a finding names (branch cf8)", () => {
  // A keyword or option is one per function: its finding's key carries the owner (`…:static_fields@JsonFormatter`).
  // Matched by kind, module and value alone, no dependency had that key and the finding was skipped, neither run
  // nor counted (python-json-logger static_fields / rename_fields, whatwg-mimetype allowParameters).
  it("finds a keyword by the key with its owner", () => {
    const kw = dep({ kind: "name", module: "pythonjsonlogger.jsonlogger", value: "static_fields", owner: "JsonFormatter", via: "option" });
    const other = dep({ kind: "name", module: "pythonjsonlogger.jsonlogger", value: "static_fields", owner: "wrap", via: "option" });
    expect(dependencyKey(kw)).toBe("name:pythonjsonlogger.jsonlogger:static_fields@JsonFormatter");
    expect(findingDependency([other, kw], dependencyKey(kw))).toBe(kw);
  });

  it("finds a plain name by its key, and nothing for a key no dependency has", () => {
    const name = dep({ kind: "name", module: "..", value: "parse", owner: "MIMEType", via: "member" });
    expect(findingDependency([name], "name:..:parse")).toBe(name);
    expect(findingDependency([name], "name:..:parse@MIMEType")).toBeUndefined();
  });
});
