import { route } from "@/lib/http/route";
import { ZProbeParamsSchema, ZSetCoverageSchema } from "@/lib/schemas/probes";
import { setCoverage } from "@/lib/probes/set-coverage";

export const PUT = route(
  { roles: ["curator"], params: ZProbeParamsSchema, body: ZSetCoverageSchema },
  async ({ user, params, body }) => setCoverage(user.id, params.familyId, params.probeId, body),
);
