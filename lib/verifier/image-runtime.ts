import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { DEAD_AFTER_SECONDS } from "@/lib/runs/reap-dead-workers";

/** The live workers (beating, not stopped) and the container runtime each reported. */
export async function liveWorkerRuntimes(): Promise<{ id: string; containerRuntime: string | null }[]> {
  return db().worker.findMany({
    where: { stoppedAt: null, lastSeenAt: { gt: new Date(Date.now() - DEAD_AFTER_SECONDS * 1000) } },
    select: { id: true, containerRuntime: true },
  });
}

/**
 * A verifier `image` runs only in a container runtime (podman / docker); a run on a worker
 * without one fails. Saving an image is refused unless a live worker reports a runtime.
 */
export async function assertImageRunnable(image: string): Promise<void> {
  const workers = await liveWorkerRuntimes();
  if (workers.some((w) => w.containerRuntime)) return;
  const message = workers.length === 0
    ? `No worker has a container runtime to run image ${image} in: no worker is running. Start a worker that has podman or docker, or leave the image empty to run in the worker's sandbox.`
    : `No worker has a container runtime to run image ${image} in: ${workers.length === 1 ? "the live worker reports neither podman nor docker" : `none of the ${workers.length} live workers reports podman or docker`}. Start a worker that has one, or leave the image empty to run in the worker's sandbox.`;
  throw new AppError("UNPROCESSABLE", message, { fieldErrors: { image: [message] } });
}
