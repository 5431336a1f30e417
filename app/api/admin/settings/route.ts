import { route } from "@/lib/http/route";
import { ZUpdateSettingSchema } from "@/lib/schemas/settings";
import { getSettings } from "@/lib/settings/get-settings";
import { updateSetting } from "@/lib/settings/update-setting";

export const GET = route({ roles: ["admin"] }, async () => getSettings());

export const PUT = route({ roles: ["admin"], body: ZUpdateSettingSchema }, async ({ user, body }) => updateSetting(user.id, body));
