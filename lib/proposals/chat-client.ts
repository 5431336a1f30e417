import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import type { TModelEndpoint } from "./model-config";

const ZChatCompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1, "the answer has no choices"),
});

export type TChatMessage = { role: "system" | "user"; content: string };

/**
 * One chat-completions request to the configured OpenAI-compatible endpoint, answered as JSON;
 * returns the first choice's content. Every failure is one sentence for people ending with
 * `consequence` ("nothing was proposed"), the endpoint's own words kept as detail.
 */
export async function chatCompletion(endpoint: TModelEndpoint, messages: TChatMessage[], options: { timeoutMs?: number; consequence: string }): Promise<string> {
  const url = `${endpoint.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}) },
      body: JSON.stringify({ model: endpoint.model, temperature: 0, response_format: { type: "json_object" }, messages }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 120_000),
    });
  } catch (error) {
    throw new AppError("UNPROCESSABLE", `The model endpoint ${new URL(url).host} could not be reached (${(error as Error).message}); ${options.consequence}.`, { detail: error });
  }
  const body = await res.text();
  if (!res.ok) {
    const said = safeJson(body) as { error?: { message?: string } } | null;
    throw new AppError("UNPROCESSABLE", `The model endpoint answered ${res.status}${said?.error?.message ? `: ${said.error.message}` : ""}; ${options.consequence}.`, { detail: body.slice(0, 2000) });
  }
  const completion = ZChatCompletionSchema.safeParse(safeJson(body));
  if (!completion.success) {
    throw new AppError("UNPROCESSABLE", `The model endpoint's answer is not a chat completion; ${options.consequence}.`, { detail: body.slice(0, 2000) });
  }
  return completion.data.choices[0]!.message.content ?? "";
}

/** A JSON answer: a bare object, or one inside a ```json fence; null when it is not JSON. */
export function answerJson(content: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content);
  return safeJson((fenced ? fenced[1]! : content).trim());
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
