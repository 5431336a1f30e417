import { z } from "zod";
import { INT4_MAX, int4Message } from "./common";

const ZVersion = z.number().int().nonnegative().max(INT4_MAX, int4Message).optional();

/** One runtime setting per request; secrets are write-only ("" clears, omitted keeps the stored one). */
export const ZUpdateSettingSchema = z.discriminatedUnion("key", [
  z.object({ key: z.literal("github.token"), token: z.string().trim().max(500), version: ZVersion }),
  z.object({
    key: z.literal("model.endpoint"),
    baseUrl: z.url({ error: "must be a URL like https://api.example.com/v1" }).or(z.literal("")),
    model: z.string().trim().max(200),
    apiKey: z.string().max(500).optional(),
    version: ZVersion,
  }),
]);
export type TUpdateSetting = z.infer<typeof ZUpdateSettingSchema>;
