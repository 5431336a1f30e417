// Pure: a history exactly as the execution protocol presents it to an agent.
// Only visible text goes in — never events, atom keys or the condition name.
import type { THistoryFormat } from "./types";
export type TProtocol = { historyPath: string; historyFormat: THistoryFormat; agentTimeoutSec: number; retryPolicy: string };

export const DEFAULT_PROTOCOL: TProtocol = {
  historyPath: "HISTORY.md",
  historyFormat: "markdown",
  agentTimeoutSec: 1200,
  retryPolicy: "up to 3 same-budget attempts on provider limits",
};

export function protocolOf(raw: unknown): TProtocol {
  const value = (raw && typeof raw === "object" ? raw : {}) as Partial<TProtocol>;
  return { ...DEFAULT_PROTOCOL, ...value };
}

export function renderHistory(turns: { text: string }[], protocol: TProtocol): { path: string; content: string } {
  if (protocol.historyFormat === "json") {
    const messages = turns.map((turn, i) => ({ turn: i + 1, role: "user", text: turn.text }));
    return { path: protocol.historyPath, content: JSON.stringify({ messages }, null, 2) + "\n" };
  }
  const body = turns.map((turn, i) => `## Message ${i + 1}\n\n${turn.text.trim()}\n`).join("\n");
  return { path: protocol.historyPath, content: `# Conversation history\n\n${body}` };
}
