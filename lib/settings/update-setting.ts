import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, staleVersion } from "@/lib/errors/app-error";
import { ZModelEndpointSchema } from "@/lib/proposals/model-config";
import type { TUpdateSetting } from "@/lib/schemas/settings";
import { getSettings } from "./get-settings";

/** Saves (or, when emptied, removes) one runtime setting. The audit event says what changed, never the secret. */
export async function updateSetting(actorId: string, input: TUpdateSetting) {
  await db().$transaction(async (tx) => {
    const current = await tx.setting.findUnique({ where: { key: input.key } });
    if (input.version !== undefined && (current?.version ?? 0) !== input.version) {
      throw staleVersion(`The ${input.key} setting`, { version: current?.version ?? 0 });
    }
    const value = valueOf(input, current?.value);
    if (value === null) {
      if (current) await tx.setting.delete({ where: { key: input.key } });
    } else {
      await tx.setting.upsert({
        where: { key: input.key },
        create: { key: input.key, value },
        update: { value, version: { increment: 1 } },
      });
    }
    await recordEvent(tx, {
      actorId, action: "setting.update", entity: "Setting", entityId: input.key,
      before: { configured: Boolean(current) }, after: { configured: value !== null, ...publicPart(input) },
    });
  });
  return getSettings();
}

function valueOf(input: TUpdateSetting, stored: unknown) {
  if (input.key === "github.token") return input.token ? { token: input.token } : null;
  if (!input.baseUrl && !input.model) return null;
  if (!input.baseUrl || !input.model) {
    const field = input.baseUrl ? "model" : "baseUrl";
    throw new AppError("INVALID_INPUT", `Invalid request body — ${field}: is required with the other field (leave both empty to remove the endpoint)`, {
      fieldErrors: { [field]: ["is required with the other field"] },
    });
  }
  const previousKey = ZModelEndpointSchema.safeParse(stored).data?.apiKey ?? "";
  return { baseUrl: input.baseUrl, model: input.model, apiKey: input.apiKey ?? previousKey };
}

const publicPart = (input: TUpdateSetting) =>
  input.key === "model.endpoint" ? { baseUrl: input.baseUrl, model: input.model, apiKeyChanged: input.apiKey !== undefined } : { tokenChanged: true };
