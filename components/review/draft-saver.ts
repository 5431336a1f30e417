// Pure: the reviewer's draft saves, one request at a time. Each save sends the version the
// previous one returned; an autosave that fires while a save is in flight waits for it instead
// of sending the old version (which the server refuses with 409, as a second tab's would be).
export class DraftSaver<TBody> {
  private version: number;
  private inFlight: Promise<unknown> | null = null;
  private edits = 0;

  constructor(version: number, private readonly send: (body: TBody & { version: number }) => Promise<{ version: number }>) {
    this.version = version;
  }

  /** Call on every change, so a save knows whether the text changed while it was in flight. */
  edited(): void {
    this.edits += 1;
  }

  /** Saves `body()`, read when the request starts, after any save in flight. `clean`: no edit came in meanwhile. */
  async save(body: () => TBody): Promise<{ version: number; clean: boolean }> {
    while (this.inFlight) await this.inFlight.catch(() => undefined);
    const edits = this.edits;
    const request = this.send({ ...body(), version: this.version });
    this.inFlight = request;
    try {
      const saved = await request;
      this.version = saved.version;
      return { version: saved.version, clean: this.edits === edits };
    } finally {
      if (this.inFlight === request) this.inFlight = null;
    }
  }
}
