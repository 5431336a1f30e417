import { describe, expect, it } from "vitest";
import { resolveScriptModule } from "./javascript";

describe("resolveScriptModule", () => {
  const files = new Set(["index.js", "lib/util.js", "lib/index.js", "test/dash.js"]);

  it("resolves the repository root required from a test folder to its index file", () => {
    expect(resolveScriptModule("../", "test/dash.js", files)).toBe("index.js");
    expect(resolveScriptModule("..", "test/dash.js", files)).toBe("index.js");
  });

  it("keeps resolving files and folder indexes below the root", () => {
    expect(resolveScriptModule("../lib/util", "test/dash.js", files)).toBe("lib/util.js");
    expect(resolveScriptModule("../lib", "test/dash.js", files)).toBe("lib/index.js");
    expect(resolveScriptModule("../lib/", "test/dash.js", files)).toBe("lib/index.js");
    expect(resolveScriptModule("../missing", "test/dash.js", files)).toBeNull();
  });

  it("finds no root index when the repository has none", () => {
    expect(resolveScriptModule("../", "test/dash.js", new Set(["main.js", "test/dash.js"]))).toBeNull();
  });
});
