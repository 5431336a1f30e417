import "server-only";
import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { AppError } from "@/lib/errors/app-error";
import { GitSourceError, studioCacheDir } from "@/lib/runner/mirror";
import { sweBenchFor, writeHarborExport } from "./harbor-export";
import { loadFrozenPackage } from "./load-package";
import { writeNativeExport } from "./native-export";
import { toJsonl } from "./swebench";

// Inside a request: the machine's mirror as it is, never a clone or fetch (GitSourceError "not_mirrored" → 409).
const mirrorAccess = () => ({ cacheDir: studioCacheDir(), offline: true });

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
    return new Response(toJsonl(await sweBenchFor(pkg, mirrorAccess()).catch(notMirrored)), {
      headers: { "content-type": "application/x-ndjson", "content-disposition": `attachment; filename="${stem}.jsonl"`, "cache-control": "no-store" },
    });
  }
  const tmp = await mkdtemp(path.join(os.tmpdir(), "specpath-download-"));
  const file = format === "native"
    ? await writeNativeExport(pkg, path.join(tmp, `${stem}.tar.gz`))
    : await writeHarborExport(pkg, path.join(tmp, `${stem}.harbor.tar.gz`), mirrorAccess()).catch(async (error: unknown) => {
      await rm(tmp, { recursive: true, force: true });
      return notMirrored(error);
    });
  return fileResponse(file, () => rm(tmp, { recursive: true, force: true }));
}

function notMirrored(error: unknown): never {
  if (error instanceof GitSourceError && error.code === "not_mirrored") {
    throw new AppError("CONFLICT", `This export reads the base commit from the repository's mirror on this machine, and ${error.message}; export the suite (a background job) or run \`studio export\` instead.`);
  }
  throw error;
}
