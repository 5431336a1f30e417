import { route } from "@/lib/http/route";
import { ZProbeParamsSchema } from "@/lib/schemas/probes";
import { removeProbe } from "@/lib/probes/remove-probe";

export const DELETE = route(
  { roles: ["curator"], params: ZProbeParamsSchema },
  async ({ user, params }) => removeProbe(user.id, params.familyId, params.probeId),
);
