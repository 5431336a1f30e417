import { describe, expect, it } from "vitest";
import { uniqueFields } from "./prisma-errors";

describe("uniqueFields", () => {
  it("reads the driver adapter's index name when there is no target", () => {
    expect(uniqueFields({ modelName: "Suite", driverAdapterError: { cause: { table: "Suite", constraint: { index: "Suite_name_key" } } } })).toEqual(["name"]);
    expect(uniqueFields({ driverAdapterError: { cause: { table: "Probe", constraint: { index: "Probe_familyId_testId_key" } } } })).toEqual(["familyId", "testId"]);
    expect(uniqueFields({ driverAdapterError: { cause: { constraint: { fields: ['"email"'] } } } })).toEqual(["email"]);
    expect(uniqueFields({ target: ["email"] })).toEqual(["email"]);
    expect(uniqueFields(undefined)).toEqual(["value"]);
  });
});
