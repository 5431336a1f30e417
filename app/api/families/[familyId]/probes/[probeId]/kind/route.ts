import { route } from "@/lib/http/route";
import { ZProbeParamsSchema, ZSetProbeKindSchema } from "@/lib/schemas/probes";
import { setProbeKind } from "@/lib/probes/set-probe-kind";

/** Probe or guard test (PASS_TO_PASS). */
export const PUT = route(
  { roles: ["curator"], params: ZProbeParamsSchema, body: ZSetProbeKindSchema },
  async ({ user, params, body }) => setProbeKind(user.id, params.familyId, params.probeId, body),
);
