// Pure: bounded capture of a process's output: keeps the first and the last bytes,
// because the command line echo is at the head and the verdict at the tail.
// Pure (Buffer only).

export class OutputCapture {
  private head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private total = 0;

  constructor(private readonly capBytes: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    const headRoom = Math.floor(this.capBytes / 2) - this.headBytes;
    if (headRoom > 0) {
      const part = chunk.subarray(0, headRoom);
      this.head.push(part);
      this.headBytes += part.length;
      chunk = chunk.subarray(part.length);
    }
    if (chunk.length === 0) return;
    this.tail.push(chunk);
    this.tailBytes += chunk.length;
    const tailCap = this.capBytes - Math.floor(this.capBytes / 2);
    while (this.tailBytes > tailCap) {
      const first = this.tail[0] as Buffer;
      const excess = this.tailBytes - tailCap;
      if (first.length <= excess) {
        this.tail.shift();
        this.tailBytes -= first.length;
      } else {
        this.tail[0] = first.subarray(excess);
        this.tailBytes -= excess;
      }
    }
  }

  get totalBytes(): number {
    return this.total;
  }

  toString(): string {
    const head = Buffer.concat(this.head).toString("utf8");
    const tail = Buffer.concat(this.tail).toString("utf8");
    const omitted = this.total - this.headBytes - this.tailBytes;
    return omitted > 0 ? `${head}\n…[${omitted} bytes omitted]…\n${tail}` : head + tail;
  }
}
