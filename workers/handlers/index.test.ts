import { describe, expect, it } from "vitest";
import { RUN_KINDS } from "@/lib/jobs/definitions";
import { HANDLERS } from "./index";

describe("job handlers", () => {
  it("has exactly one handler per run kind", () => {
    expect(Object.keys(HANDLERS).sort()).toEqual([...RUN_KINDS].sort());
    for (const kind of RUN_KINDS) expect(typeof HANDLERS[kind], kind).toBe("function");
  });
});
