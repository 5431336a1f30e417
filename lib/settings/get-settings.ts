import "server-only";
import { db } from "@/lib/db";
import { githubConnection } from "@/lib/anchoring/github/github-connection";
import { MODEL_SETTING_KEY, modelEndpoint } from "@/lib/proposals/model-config";
import { defaultImportRoots, storedImportSources } from "@/lib/anchoring/check-import-source";

/** What an admin may see of the runtime settings: where each comes from, never a secret. */
export async function getSettings() {
  const rows = await db().setting.findMany({ where: { key: { in: ["github.token", MODEL_SETTING_KEY] } } });
  const row = (key: string) => rows.find((r) => r.key === key) ?? null;
  const [github, model, importSources] = await Promise.all([githubConnection(), modelEndpoint(), storedImportSources()]);
  const modelRow = row(MODEL_SETTING_KEY);
  return {
    githubToken: {
      configured: Boolean(github.auth),
      source: row("github.token") ? "setting" : process.env.GITHUB_TOKEN ? "environment" : null,
      apiUrl: github.baseUrl ?? "https://api.github.com",
      version: row("github.token")?.version ?? 0,
    },
    modelEndpoint: {
      configured: model !== null,
      source: modelRow ? "setting" : model ? "environment" : null,
      baseUrl: model?.baseUrl ?? "",
      model: model?.model ?? "",
      apiKeySet: Boolean(model?.apiKey),
      version: modelRow?.version ?? 0,
    },
    importSources: { ...importSources, defaultRoots: defaultImportRoots() },
  };
}
