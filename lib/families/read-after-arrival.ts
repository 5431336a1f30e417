// Pure: many requests for the same fresh read share one statement, without reading older than any
// of them. Under 50 connections every request of a family's API sent its own fingerprint statement
// (issue 24). A request may not take the answer of a statement already in flight: it was sent before
// the request arrived, so before a commit the person may have seen (their own save). So a request
// that finds one in flight waits for it to finish and shares the next statement, sent after every
// request that waits on it arrived — one statement per round trip instead of one per request, and
// never a fingerprint older than the request.

type Slot = { inFlight: Promise<unknown>; next: Promise<unknown> | null };

export type TReadAfterArrival = <T>(key: string, read: () => Promise<T>) => Promise<T>;

/** A reader with its own slots: `read` is called only after every caller it answers had called. */
export function createReadAfterArrival(): TReadAfterArrival {
  const slots = new Map<string, Slot>();
  const ignore = () => undefined;

  function start<T>(key: string, read: () => Promise<T>): Promise<T> {
    const inFlight = read();
    const slot: Slot = { inFlight, next: null };
    slots.set(key, slot);
    const settle = () => {
      // Nobody waits for a later read: the key is free, the next caller starts one at once.
      if (slots.get(key) === slot && slot.next === null) slots.delete(key);
    };
    inFlight.then(settle, settle);
    return inFlight;
  }

  return function readAfterArrival<T>(key: string, read: () => Promise<T>): Promise<T> {
    const slot = slots.get(key);
    if (!slot) return start(key, read);
    slot.next ??= slot.inFlight.then(ignore, ignore).then(() => start(key, read));
    return slot.next as Promise<T>;
  };
}
