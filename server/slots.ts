/**
 * A counting semaphore: at most `size` holders at once; the others wait in arrival order, those asking
 * `first` ahead of the rest. Used where each holder costs memory (an S3 part buffer, an argon2 hash),
 * so a crowd queues instead of multiplying the peak.
 */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  private readonly waitingFirst: (() => void)[] = [];

  constructor(size: number) {
    this.free = Math.max(1, size);
  }

  acquire(first = false): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve) => (first ? this.waitingFirst : this.waiting).push(resolve));
  }

  release(): void {
    const next = this.waitingFirst.shift() ?? this.waiting.shift();
    if (next) next();
    else this.free++;
  }

  /** Runs `task` in a slot, waiting for one first when all are held (ahead of the others when `first`). */
  async run<T>(task: () => Promise<T>, { first = false } = {}): Promise<T> {
    await this.acquire(first);
    try {
      return await task();
    } finally {
      this.release();
    }
  }
}
