import { describe, expect, it } from "vitest";
import { OutputCapture } from "./output-cap";

describe("OutputCapture", () => {
  it("keeps everything under the cap", () => {
    const cap = new OutputCapture(100);
    cap.push(Buffer.from("hello "));
    cap.push(Buffer.from("world"));
    expect(cap.toString()).toBe("hello world");
  });

  it("keeps the head and the tail of long output and says how much was dropped", () => {
    const cap = new OutputCapture(10);
    for (const chunk of ["START", "-middle-", "-more-", "END!!"]) cap.push(Buffer.from(chunk));
    expect(cap.toString()).toBe("START\n…[14 bytes omitted]…\nEND!!");
    expect(cap.totalBytes).toBe(24);
  });
});
