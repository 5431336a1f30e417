import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";

/** An OpenAI-compatible chat-completions endpoint (Setting `model.endpoint`, or the STUDIO_MODEL_* env). */
export const ZModelEndpointSchema = z.object({
  baseUrl: z.url({ error: "must be a URL like https://api.example.com/v1" }),
  model: z.string().trim().min(1, "is required"),
  apiKey: z.string().default(""),
});
export type TModelEndpoint = z.infer<typeof ZModelEndpointSchema>;

export const MODEL_SETTING_KEY = "model.endpoint";

/** The configured endpoint, the Setting row first, then the environment; null when neither is complete. */
export async function modelEndpoint(): Promise<TModelEndpoint | null> {
  const setting = await db().setting.findUnique({ where: { key: MODEL_SETTING_KEY }, select: { value: true } });
  const fromSetting = ZModelEndpointSchema.safeParse(setting?.value);
  if (fromSetting.success) return fromSetting.data;
  const fromEnv = ZModelEndpointSchema.safeParse({
    baseUrl: process.env.STUDIO_MODEL_BASE_URL,
    model: process.env.STUDIO_MODEL,
    apiKey: process.env.STUDIO_MODEL_API_KEY ?? "",
  });
  return fromEnv.success ? fromEnv.data : null;
}

/** What a page may know about the endpoint: never the key. */
export function describeEndpoint(endpoint: TModelEndpoint | null) {
  if (!endpoint) return null;
  return { model: endpoint.model, host: new URL(endpoint.baseUrl).host };
}
