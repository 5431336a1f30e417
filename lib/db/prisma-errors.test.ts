import { describe, expect, it } from "vitest";
import { Prisma } from "./generated/client";
import { AppError } from "@/lib/errors/app-error";
import { BUSY_MESSAGE, fromPrismaError } from "./prisma-errors";

const known = (code: string, message = "x") => new Prisma.PrismaClientKnownRequestError(message, { code, clientVersion: "7" });

describe("fromPrismaError", () => {
  it("answers an expired or never-started transaction with 503 and a sentence, not a stack", () => {
    const error = fromPrismaError(known("P2028", "Transaction API error: Unable to start a transaction in the given time.")) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(503);
    expect(error.message).toBe(BUSY_MESSAGE);
  });
  it("answers a write conflict or deadlock with 409: the request was rolled back whole", () => {
    const error = fromPrismaError(known("P2034", "Transaction failed due to a write conflict or a deadlock.")) as AppError;
    expect(error.status).toBe(409);
    expect(error.message).toMatch(/nothing was changed, try again/);
  });
  it("keeps an error it does not know", () => {
    const original = known("P2010");
    expect(fromPrismaError(original)).toBe(original);
  });
});
