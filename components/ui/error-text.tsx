/** A failed query's or mutation's message, in the house error style (nothing when there is no error). */
export function ErrorText({ error, alert = false }: { error: unknown; alert?: boolean }) {
  if (!error) return null;
  return <p className="error" role={alert ? "alert" : undefined}>{error instanceof Error ? error.message : String(error)}</p>;
}
