import "server-only";
import { db } from "@/lib/db";

/** The GitHub token (Setting `github.token`, else env GITHUB_TOKEN) and API base URL (env GITHUB_API_URL). */
export async function githubConnection(): Promise<{ auth: string | undefined; baseUrl: string | undefined }> {
  const setting = await db().setting.findUnique({ where: { key: "github.token" }, select: { value: true } });
  const stored = setting?.value;
  const fromSetting = typeof stored === "string"
    ? stored
    : stored && typeof stored === "object" && "token" in stored && typeof stored.token === "string" ? stored.token : undefined;
  const auth = fromSetting?.trim() || process.env.GITHUB_TOKEN?.trim() || undefined;
  const baseUrl = process.env.GITHUB_API_URL?.trim() || undefined;
  return { auth, baseUrl };
}
