import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZAddAnnotationSchema } from "@/lib/package/schemas";
import { addAnnotation } from "@/lib/package/add-annotation";
import { loadFrozenPackage } from "@/lib/package/load-package";

export const POST = route({ roles: ["lead"], params: ZFamilyParamsSchema, body: ZAddAnnotationSchema }, async ({ user, params, body }) => {
  const pkg = await loadFrozenPackage({ familyId: params.familyId });
  return addAnnotation(user.id, params.familyId, pkg.id, body);
});
