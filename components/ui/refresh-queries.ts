import type { InvalidateQueryFilters, QueryClient } from "@tanstack/react-query";

/**
 * What a mutation calls to show its effect: marks the queries stale and fetches the active ones again.
 * A query's first load still in flight is cancelled first: TanStack Query joins it rather than fetch anew (it only
 * cancels a refetch of a query that has data), and its answer may predate the mutation — a click on "Calibrate"
 * right after the page opened then showed no runs, and nothing polled.
 */
export async function refreshQueries(client: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  await client.cancelQueries(filters);
  await client.invalidateQueries(filters);
}
