/** One piece of work under way: the signal its programs run with, and the call that says it has ended. */
export interface UnderwayWork {
  signal: AbortSignal;
  /** Stops it (its programs are killed and it ends). */
  abort(reason: Error): void;
  /** It has ended: its programs are gone and its work folder removed. */
  end(): void;
}

/**
 * The renders (or preparations) under way in this process, by id: each one's stop, and its end, so that
 * stopping the worker resolves only once no program of theirs is left running.
 */
export class WorkUnderway {
  private readonly entries = new Map<number, { abort: (reason: Error) => void; ended: Promise<void> }>();

  constructor(private readonly stoppedReason: string) {}

  get size(): number {
    return this.entries.size;
  }

  begin(id: number): UnderwayWork {
    const controller = new AbortController();
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    const abort = (reason: Error) => controller.abort(reason);
    this.entries.set(id, { abort, ended });
    return {
      signal: controller.signal,
      abort,
      end: () => {
        this.entries.delete(id);
        end();
      },
    };
  }

  /** Stops every one now; the promise resolves when each has ended. */
  stopAll(): Promise<void> {
    const stopping = [...this.entries.values()];
    for (const work of stopping) work.abort(new Error(this.stoppedReason));
    return Promise.all(stopping.map((work) => work.ended)).then(() => undefined);
  }
}
