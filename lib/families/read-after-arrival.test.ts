import { describe, expect, it } from "vitest";
import { createReadAfterArrival } from "./read-after-arrival";

/** A read whose answers the test releases one by one; `value` is what the stored state was when each read was sent. */
function controlledReads() {
  let state = 0;
  const sent: Array<{ value: number; release: () => void; fail: (e: Error) => void }> = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const value = state;
      sent.push({ value, release: () => resolve(value), fail: reject });
    });
  return { sent, read, commit: () => void state++ };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("readAfterArrival", () => {
  it("never answers a request with a read sent before it arrived (a commit in between is seen)", async () => {
    const readAfterArrival = createReadAfterArrival();
    const { sent, read, commit } = controlledReads();
    const first = readAfterArrival("family-1", read); // sent at once: state 0
    commit(); // the person's save commits while that read is still in flight
    const second = readAfterArrival("family-1", read);
    sent[0]!.release();
    expect(await first).toBe(0);
    await tick();
    expect(sent).toHaveLength(2); // a second read, sent after the second request arrived
    sent[1]!.release();
    expect(await second).toBe(1);
  });

  it("shares one later read among every request that arrived while a read was in flight", async () => {
    const readAfterArrival = createReadAfterArrival();
    const { sent, read } = controlledReads();
    const answers = [readAfterArrival("f", read), ...Array.from({ length: 49 }, () => readAfterArrival("f", read))];
    sent[0]!.release();
    await tick();
    expect(sent).toHaveLength(2);
    sent[1]!.release();
    await Promise.all(answers);
    expect(sent).toHaveLength(2); // 50 requests, 2 statements
    // Idle again: the next request sends its own read at once.
    void readAfterArrival("f", read);
    expect(sent).toHaveLength(3);
  });

  it("keeps keys apart and does not keep a failure", async () => {
    const readAfterArrival = createReadAfterArrival();
    const { sent, read } = controlledReads();
    const a = readAfterArrival("a", read);
    const b = readAfterArrival("b", read);
    expect(sent).toHaveLength(2);
    sent[0]!.fail(new Error("database gone"));
    sent[1]!.release();
    await expect(a).rejects.toThrow("database gone");
    expect(await b).toBe(0);
    await tick();
    const again = readAfterArrival("a", read);
    expect(sent).toHaveLength(3);
    sent[2]!.release();
    expect(await again).toBe(0);
  });

  it("a request waiting behind a failed read still gets a read of its own", async () => {
    const readAfterArrival = createReadAfterArrival();
    const { sent, read } = controlledReads();
    const first = readAfterArrival("a", read);
    const second = readAfterArrival("a", read);
    sent[0]!.fail(new Error("timeout"));
    await expect(first).rejects.toThrow("timeout");
    await tick();
    sent[1]!.release();
    expect(await second).toBe(0);
  });
});
