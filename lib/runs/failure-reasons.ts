// Pure: why a run did not pass, per probe, from the probe results a run stores
// (RunResult.probes: status, and the report's failure message and detail).

export type TProbeFailure = { probe: string; status: string; message: string | null; detail: string | null };

const SAID: Record<string, string> = {
  missing: "matched no executed test (its id is not in the report)",
  skip: "was skipped, which proves nothing",
};

/** Every probe that did not pass, in probe order, with the report's own words when it has them. */
export function probeFailures(probes: unknown): TProbeFailure[] {
  if (!Array.isArray(probes)) return [];
  const out: TProbeFailure[] = [];
  for (const entry of probes) {
    if (typeof entry !== "object" || entry === null) continue;
    const { probe, status, message, detail } = entry as Record<string, unknown>;
    if (typeof probe !== "string" || typeof status !== "string" || status === "pass") continue;
    // Collect runs store every executed test here, keyed by id.
    out.push({
      probe,
      status,
      message: typeof message === "string" && message !== "" ? message : (SAID[status] ?? null),
      detail: typeof detail === "string" && detail !== "" ? detail : null,
    });
  }
  return out;
}
