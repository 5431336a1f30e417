import "server-only";
import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { sweBenchFor, writeHarborExport } from "./harbor-export";
import { loadFrozenPackage } from "./load-package";
import { writeNativeExport } from "./native-export";
import { toJsonl } from "./swebench";

const cacheDir = () => path.resolve(process.env.STUDIO_DATA_DIR ?? ".studio-data", "cache");

/** Streams a file as a download; `cleanup` runs once it has been read (or the client went away). */
export async function fileResponse(file: string, cleanup?: () => Promise<void>): Promise<Response> {
  const { size } = await stat(file);
  const stream = createReadStream(file);
  if (cleanup) stream.once("close", () => void cleanup());
  const type = file.endsWith(".jsonl") ? "application/x-ndjson" : "application/gzip";
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: { "content-type": type, "content-length": String(size), "content-disposition": `attachment; filename="${path.basename(file)}"`, "cache-control": "no-store" },
  });
}

export async function exportDownload(familyId: string, format: "native" | "jsonl" | "harbor"): Promise<Response> {
  const pkg = await loadFrozenPackage({ familyId });
  const stem = `specpath-${pkg.hash.slice(0, 12)}`;
  if (format === "jsonl") {
    return new Response(toJsonl(await sweBenchFor(pkg, cacheDir())), {
      headers: { "content-type": "application/x-ndjson", "content-disposition": `attachment; filename="${stem}.jsonl"`, "cache-control": "no-store" },
    });
  }
  const tmp = await mkdtemp(path.join(os.tmpdir(), "specpath-download-"));
  const file = format === "native"
    ? await writeNativeExport(pkg, path.join(tmp, `${stem}.tar.gz`))
    : await writeHarborExport(pkg, path.join(tmp, `${stem}.harbor.tar.gz`), cacheDir());
  return fileResponse(file, () => rm(tmp, { recursive: true, force: true }));
}
