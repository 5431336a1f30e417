import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/api-client";
import { isConflict, isFrozenRefusal } from "./api-error-notice";

describe("a 409 as the forms read it", () => {
  it("is a frozen family, never a version conflict, when it names the package", () => {
    const frozen = new ApiError(409, "This task family is frozen in package abc123; only annotations can be added. Open a new version to change it.", undefined, { packageHash: "abc123" });
    expect(isFrozenRefusal(frozen)).toBe(true);
    expect(isConflict(frozen)).toBe(false);
  });
  it("is a version conflict when it carries the current row", () => {
    const stale = new ApiError(409, "Atom A1 was changed by someone else.", undefined, { id: "a", version: 3 });
    expect(isConflict(stale)).toBe(true);
    expect(isFrozenRefusal(stale)).toBe(false);
  });
});
