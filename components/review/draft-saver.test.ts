// The reviewer's autosave under a slow server: an autosave that fires while a save is still in
// flight must wait for it and send the version that save returned — not the old one, which the
// server refuses with 409 (seen in e2e/review-audit.spec.ts under load: Submit stayed disabled).
import { describe, expect, it } from "vitest";
import { DraftSaver } from "./draft-saver";

type TBody = { text: string };

function slowServer() {
  let version = 1;
  let inFlight = 0;
  const sent: { text: string; version: number; concurrent: number }[] = [];
  const releases: (() => void)[] = [];
  const send = (body: TBody & { version: number }) => {
    inFlight += 1;
    sent.push({ ...body, concurrent: inFlight });
    return new Promise<{ version: number }>((resolve, reject) => {
      releases.push(() => {
        inFlight -= 1;
        if (body.version !== version) reject(new Error(`409: at version ${version}, sent ${body.version}`));
        else resolve({ version: ++version });
      });
    });
  };
  return { send, sent, release: () => releases.shift()!() };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("DraftSaver", () => {
  it("sends a second save only after the first answered, with the version it returned", async () => {
    const server = slowServer();
    const saver = new DraftSaver<TBody>(1, server.send);
    let text = "a";
    const first = saver.save(() => ({ text }));
    saver.edited();
    text = "ab";
    const second = saver.save(() => ({ text }));
    await tick();
    expect(server.sent).toHaveLength(1);
    server.release();
    await expect(first).resolves.toEqual({ version: 2, clean: false });
    await tick();
    expect(server.sent).toHaveLength(2);
    expect(server.sent[1]).toEqual({ text: "ab", version: 2, concurrent: 1 });
    server.release();
    await expect(second).resolves.toEqual({ version: 3, clean: true });
  });

  it("says a save is clean only when no edit came in while it was in flight", async () => {
    const server = slowServer();
    const saver = new DraftSaver<TBody>(1, server.send);
    const save = saver.save(() => ({ text: "x" }));
    await tick();
    server.release();
    await expect(save).resolves.toEqual({ version: 2, clean: true });
  });

  it("keeps its version after a refused save, so the next save is not stuck behind it", async () => {
    const server = slowServer();
    const saver = new DraftSaver<TBody>(5, server.send);
    const refused = saver.save(() => ({ text: "x" }));
    await tick();
    server.release();
    await expect(refused).rejects.toThrow(/409/);
    const next = saver.save(() => ({ text: "y" }));
    await tick();
    expect(server.sent).toHaveLength(2);
    server.release();
    await expect(next).rejects.toThrow(/409/);
  });
});
