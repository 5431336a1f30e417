// Serves Monaco's own prebuilt files from node_modules/monaco-editor/min, so the editor
// loads on machines without internet access (@monaco-editor/react otherwise fetches it
// from a CDN) and without bundling 25 MB of editor into the app build.
import { readFile } from "node:fs/promises";
import path from "node:path";

const ROOT = path.join(process.cwd(), "node_modules", "monaco-editor", "min");
const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".ttf": "font/ttf",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

export async function GET(_req: Request, context: { params: Promise<{ path: string[] }> }) {
  const parts = (await context.params).path;
  const file = path.resolve(ROOT, ...parts);
  const type = TYPES[path.extname(file)];
  if (!file.startsWith(ROOT + path.sep) || !type) return new Response("Not found", { status: 404 });
  try {
    const body = await readFile(file);
    return new Response(body, { headers: { "content-type": type, "cache-control": "public, max-age=86400" } });
  } catch {
    return new Response("Not found", { status: 404 });
  }
}
