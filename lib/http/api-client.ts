// Browser-side fetch for the studio's JSON API; errors carry the server's message and fields.
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
    readonly current?: unknown,
  ) {
    super(message);
  }
}

export async function api<T>(url: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(url, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: init.body === undefined ? undefined : { "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return readApi<T>(res);
}

/** An API response's JSON, or its error as an ApiError (for a response fetched elsewhere, e.g. by a page's boot script). */
export async function readApi<T>(res: Response): Promise<T> {
  const data = (await res.json().catch(() => ({}))) as { error?: string; fieldErrors?: Record<string, string[]>; current?: unknown };
  if (!res.ok) throw new ApiError(res.status, data.error ?? `Request failed (${res.status})`, data.fieldErrors, data.current);
  return data as T;
}
