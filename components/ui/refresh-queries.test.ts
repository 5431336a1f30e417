import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { refreshQueries } from "./refresh-queries";

/** A server whose answer changes when a mutation lands, and whose reads take a while. */
function slowServer() {
  let runs = 0;
  return {
    mutate: () => void (runs += 1),
    read: () => new Promise<number>((resolve) => { const answer = runs; setTimeout(() => resolve(answer), 30); }),
  };
}

describe("refreshQueries", () => {
  it("shows a mutation's effect when the page's first load was still in flight (a click right after the page opened)", async () => {
    const server = slowServer();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver(client, { queryKey: ["runs"], queryFn: server.read });
    const seen: number[] = [];
    const unsubscribe = observer.subscribe((result) => { if (result.data !== undefined) seen.push(result.data); });
    // The first load has read the server before the mutation; the mutation lands and asks for a refresh while it is in flight.
    await new Promise((r) => setTimeout(r, 5));
    server.mutate();
    await refreshQueries(client, { queryKey: ["runs"] });
    expect(client.getQueryData(["runs"])).toBe(1);
    expect(seen.at(-1)).toBe(1);
    unsubscribe();
    client.clear();
  });

  it("refreshes a query that already has data", async () => {
    const server = slowServer();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver(client, { queryKey: ["runs"], queryFn: server.read });
    const unsubscribe = observer.subscribe(() => {});
    await observer.refetch();
    expect(client.getQueryData(["runs"])).toBe(0);
    server.mutate();
    await refreshQueries(client, { queryKey: ["runs"] });
    expect(client.getQueryData(["runs"])).toBe(1);
    unsubscribe();
    client.clear();
  });
});
