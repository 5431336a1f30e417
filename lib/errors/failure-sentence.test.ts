import { describe, expect, it } from "vitest";
import { AppError } from "./app-error";
import { failureSentence } from "./failure-sentence";

describe("the sentence a failed job shows", () => {
  it("hides a Prisma error's query and server paths behind its code", () => {
    const prisma = Object.assign(new Error("\nInvalid `prisma.run.update()` invocation in\n/work/studio/lib/runs/save.ts:12:3\n\n  9 |  …"), { name: "PrismaClientKnownRequestError", code: "P2025" });
    expect(failureSentence("The worker", prisma)).toBe("The worker failed on an unexpected database error (P2025); the details are in the worker's log.");
  });

  it("keeps the first line of another error, paths replaced", () => {
    expect(failureSentence("The worker", new Error("ENOENT: no such file, open '/srv/studio/cache/x/y.json'\n    at foo (/srv/a.js:1:2)"))).toBe(
      "The worker failed: ENOENT: no such file, open '(path)'; the details are in the worker's log.",
    );
    expect(failureSentence("The import", "weird", "the server log")).toBe("The import failed on an unexpected error; the details are in the server log.");
  });

  it("passes a sentence written for people through", () => {
    expect(failureSentence("The worker", new AppError("CONFLICT", "This task family is frozen."))).toBe("The worker failed: This task family is frozen.");
  });
});
