import { z } from "zod";
import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { describeEndpoint, modelEndpoint } from "@/lib/proposals/model-config";
import { runProposer } from "@/lib/proposals/run-proposer";
import { db } from "@/lib/db";

const ZRunProposerSchema = z.object({ proposer: z.enum(["auto", "heuristic", "model"]).default("auto") });

/** Which proposers can run here (the model one only when an endpoint is configured). */
export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return { heuristic: true, model: describeEndpoint(await modelEndpoint()) };
});

export const POST = route(
  { roles: ["curator"], params: ZFamilyParamsSchema, body: ZRunProposerSchema },
  async ({ user, params, body }) => runProposer(user.id, params.familyId, body.proposer),
);
