"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api, ApiError } from "@/lib/http/api-client";
import { queryKeys } from "@/components/query-keys";
import { Form } from "@/components/ui/form";

type Settings = {
  githubToken: { configured: boolean; source: string | null; apiUrl: string; version: number };
  modelEndpoint: { configured: boolean; source: string | null; baseUrl: string; model: string; apiKeySet: boolean; version: number };
  importSources: { roots: string[]; allowedHosts: string[]; defaultRoots: string[]; version: number };
};

const lines = (value: FormDataEntryValue | null) => String(value ?? "").split("\n").map((line) => line.trim()).filter(Boolean);

const sourceLabel = (s: string | null) => (s === "setting" ? "set here" : s === "environment" ? "from the environment" : "not configured");

/** Runtime settings: the GitHub token for imports, the model endpoint for extraction proposals, the import sources. */
export function SettingsView() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: queryKeys.settings(), queryFn: () => api<Settings>("/api/admin/settings") });
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => api<Settings>("/api/admin/settings", { method: "PUT", body }),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.settings(), data);
      setMessage({ error: false, text: "Saved." });
    },
    onError: (e) => setMessage({ error: true, text: (e as ApiError).message }),
  });
  const s = settings.data;
  if (settings.error) return <p className="error">{settings.error.message}</p>;
  if (!s) return <p className="muted">Loading…</p>;

  const onGithub = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save.mutate({ key: "github.token", token: String(form.get("token") ?? ""), version: s.githubToken.version });
  };
  const onModel = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const apiKey = String(form.get("apiKey") ?? "");
    save.mutate({
      key: "model.endpoint", baseUrl: String(form.get("baseUrl") ?? ""), model: String(form.get("model") ?? ""),
      ...(apiKey ? { apiKey } : {}), version: s.modelEndpoint.version,
    });
  };

  const onSources = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save.mutate({ key: "imports.sources", roots: lines(form.get("roots")), allowedHosts: lines(form.get("allowedHosts")), version: s.importSources.version });
  };

  return (
    <>
      <h1>Runtime settings</h1>
      {message && <p className={message.error ? "error" : "muted"} role="status">{message.text}</p>}
      <Form className="panel" onSubmit={onGithub}>
        <h2 className="mt0">GitHub imports</h2>
        <p className="muted">Token: {sourceLabel(s.githubToken.source)} · API {s.githubToken.apiUrl}. Saving an empty token removes the stored one.</p>
        <div className="row">
          <label className="grow">Token (write-only)<input name="token" type="password" autoComplete="off" placeholder={s.githubToken.configured ? "•••• stored" : "ghp_…"} /></label>
          <button className="primary" disabled={save.isPending}>Save token</button>
        </div>
      </Form>
      <Form className="panel" onSubmit={onModel}>
        <h2 className="mt0">Extraction model (OpenAI-compatible)</h2>
        <p className="muted">Endpoint: {sourceLabel(s.modelEndpoint.source)}{s.modelEndpoint.apiKeySet ? " · API key stored" : ""}. Proposals are construction aids; a person accepts every atom. Leave both fields empty to remove it.</p>
        <div className="row">
          <label style={{ flex: 2 }}>Base URL<input name="baseUrl" defaultValue={s.modelEndpoint.baseUrl} placeholder="https://api.example.com/v1" /></label>
          <label className="grow">Model<input name="model" defaultValue={s.modelEndpoint.model} /></label>
          <label className="grow">API key (write-only)<input name="apiKey" type="password" autoComplete="off" placeholder={s.modelEndpoint.apiKeySet ? "•••• unchanged" : ""} /></label>
          <button className="primary" disabled={save.isPending}>Save endpoint</button>
        </div>
      </Form>
      <Form className="panel" onSubmit={onSources} data-testid="import-sources">
        <h2 style={{ marginTop: 0 }}>Import sources</h2>
        <p className="muted">
          A local import reads only under these folders; always allowed: {s.importSources.defaultRoots.join(", ")}. Clone URLs to loopback or private
          addresses are refused unless their host is listed here.
        </p>
        <div className="row">
          <label style={{ flex: 2 }}>Allowed folders (absolute paths, one per line)<textarea name="roots" rows={3} defaultValue={s.importSources.roots.join("\n")} /></label>
          <label style={{ flex: 1 }}>Allowed internal hosts (one per line)<textarea name="allowedHosts" rows={3} defaultValue={s.importSources.allowedHosts.join("\n")} /></label>
          <button className="primary" disabled={save.isPending}>Save sources</button>
        </div>
      </Form>
    </>
  );
}
