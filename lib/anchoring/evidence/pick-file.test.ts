import { describe, expect, it } from "vitest";
import { pickFile } from "./pick-file";

const files = [
  { path: "README.md", inSlice: false, kind: "other" },
  { path: "src/out.ts", inSlice: false, kind: "source" },
  { path: "src/in.ts", inSlice: true, kind: "source" },
  { path: "tests/in.test.ts", inSlice: true, kind: "test" },
];

describe("pickFile", () => {
  it("opens the named file, else the first source file in the slice, else the first file", () => {
    expect(pickFile(files, "tests/in.test.ts")?.path).toBe("tests/in.test.ts");
    expect(pickFile(files, null)?.path).toBe("src/in.ts");
    expect(pickFile(files, "no/such/file")?.path).toBe("src/in.ts");
    expect(pickFile(files.filter((f) => f.kind !== "source"), "")?.path).toBe("README.md");
    expect(pickFile([], null)).toBeNull();
  });
});
