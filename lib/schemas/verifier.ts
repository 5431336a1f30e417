// Pure: request and response shapes (zod) of the verifier API.
import { z } from "zod";
import { ZVersionSchema } from "./common";
import { ZDiffTextSchema } from "./patches";
import { ZResultFormatSchema, ZHistoryFormatSchema, type TResultFormat } from "@/lib/contract/types";

export const DEFAULT_VERIFIER_TIMEOUT_SEC = 120;
export const DEFAULT_AGENT_TIMEOUT_SEC = 1200;


const command = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/** How a history is presented to an agent; mirrors lib/contract/render-history.ts (TProtocol). */
export const ZProtocolSchema = z.object({
  historyPath: z
    .string()
    .trim()
    .min(1, "is required")
    .max(300)
    .refine((p) => !p.startsWith("/") && !p.split("/").includes(".."), "must be a path inside the workspace"),
  historyFormat: ZHistoryFormatSchema,
  agentTimeoutSec: z.number({ error: "must be a number" }).int().min(10, "must be at least 10 s").max(86_400, "must be at most 24 h"),
  retryPolicy: z.string().trim().max(500),
});
export type TProtocolInput = z.infer<typeof ZProtocolSchema>;

export const ZSaveVerifierSchema = z.object({
  /** The version the form was loaded from; omitted when the family has no verifier yet. */
  version: ZVersionSchema.optional(),
  setupCommand: command(4000),
  testCommand: command(4000).min(1, "is required: the command that runs the tests and writes $SPECPATH_REPORT"),
  resultFormat: ZResultFormatSchema,
  timeoutSec: z.number({ error: "must be a number" }).int().min(1, "must be at least 1 s").max(3600, "must be at most 3600 s"),
  image: z
    .string()
    .trim()
    .max(300)
    .regex(/^$|^[a-z0-9][a-z0-9._\-/:@]*$/i, "must be a container image reference like node:20-bookworm"),
  protocol: ZProtocolSchema,
  hiddenTestPatch: ZDiffTextSchema,
});
export type TSaveVerifier = z.infer<typeof ZSaveVerifierSchema>;

export type TVerifierDto = {
  exists: boolean;
  version: number | null;
  setupCommand: string;
  testCommand: string;
  resultFormat: TResultFormat;
  timeoutSec: number;
  image: string;
  protocol: TProtocolInput;
  hiddenTestPatch: string;
  /** The PR's in-slice test diff: the default hidden test patch. */
  defaultHiddenTestPatch: string;
  collectedTests: string[];
  updatedAt: string | null;
};
