import { describe, expect, it } from "vitest";
import { RUN_KINDS } from "@/lib/jobs/definitions";
import { HANDLERS, type TRunContext } from "./index";

describe("job handlers", () => {
  it("has exactly one handler per run kind", () => {
    expect(Object.keys(HANDLERS).sort()).toEqual([...RUN_KINDS].sort());
    for (const kind of RUN_KINDS) expect(typeof HANDLERS[kind], kind).toBe("function");
  });

  it("fails an oracle_audit run, saying it is not available yet", async () => {
    const result = await HANDLERS.oracle_audit({} as TRunContext, { cacheDir: "/nonexistent" });
    expect(result.status).toBe("infrastructure_error");
    expect(result.message).toMatch(/not available yet/);
  });
});
