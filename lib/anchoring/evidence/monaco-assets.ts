import "server-only";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { notFound } from "@/lib/errors/app-error";

const ROOT = path.join(process.cwd(), "node_modules", "monaco-editor", "min");
const TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".ttf": "font/ttf",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
};

let installedVersion: Promise<string> | null = null;

/** The installed monaco-editor version: part of the asset URL, so the files can be cached for good. */
export function monacoVersion(): Promise<string> {
  installedVersion ??= readFile(path.join(ROOT, "..", "package.json"), "utf8").then((text) => (JSON.parse(text) as { version: string }).version);
  return installedVersion;
}

let editorWorker: Promise<string | null> | null = null;

/** The editor worker's file under vs/ (its name carries a content hash), so the page can start the worker before Monaco asks for it; null if not found. */
export function monacoEditorWorkerAsset(): Promise<string | null> {
  editorWorker ??= readdir(path.join(ROOT, "vs", "assets")).then(
    (names) => {
      const name = names.find((n) => /^editor\.worker-[\w-]+\.js$/.test(n));
      return name ? `assets/${name}` : null;
    },
    () => null,
  );
  return editorWorker;
}

/** `segments` = [version, "vs", ...path inside min/vs]. */
export async function readMonacoAsset(segments: string[]): Promise<Response> {
  const [version, ...rest] = segments;
  const file = path.join(ROOT, ...rest);
  if (version !== (await monacoVersion()) || rest[0] !== "vs" || !file.startsWith(path.join(ROOT, "vs") + path.sep)) {
    throw notFound("Editor asset", segments.join("/"));
  }
  const body = await readFile(file).catch(() => null);
  if (!body) throw notFound("Editor asset", segments.join("/"));
  return new Response(new Uint8Array(body), {
    headers: {
      "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
      "cache-control": "private, max-age=31536000, immutable",
    },
  });
}
