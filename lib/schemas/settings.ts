// Pure: request and response shapes (zod) of the settings API.
import { z } from "zod";
import { INT4_MAX, int4Message } from "./common";

const ZVersion = z.number().int().nonnegative().max(INT4_MAX, int4Message).optional();

const ZAbsolutePath = z
  .string()
  .trim()
  .min(1)
  .max(1000, "is too long")
  .refine((p) => p.startsWith("/"), { error: "must be an absolute path" })
  .transform((p) => (p.length > 1 ? p.replace(/\/+$/, "") : p));
const ZHostName = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(253, "is too long")
  .regex(/^[a-z0-9.:-]+$/, "must be a host name or an address");

/** What the imports.sources setting stores: local roots and internal hosts an admin allows (the demo folder is always allowed). */
export const ZImportSourcesValueSchema = z.object({
  roots: z.array(ZAbsolutePath).max(50, "lists too many roots"),
  allowedHosts: z.array(ZHostName).max(50, "lists too many hosts"),
});
export type TImportSourcesValue = z.infer<typeof ZImportSourcesValueSchema>;

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
  ZImportSourcesValueSchema.extend({ key: z.literal("imports.sources"), version: ZVersion }),
]);
export type TUpdateSetting = z.infer<typeof ZUpdateSettingSchema>;
