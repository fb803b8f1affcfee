/**
 * The images this replica works on at once (MEDIA_WORKER_CONCURRENCY), shared by its primary
 * and variants workers. A waiting primary job goes before waiting variants, and a slot that
 * frees while an upload is still on its way here (read and checked, not yet queued) is kept
 * for it: the variants are background work, the primary is what an upload's answer waits for.
 */
export class WorkSlots {
  private free: number;
  private arriving = 0;
  private readonly waiting = { primary: [] as (() => void)[], variants: [] as (() => void)[] };

  constructor(slots: number) {
    this.free = slots;
  }

  /** An upload on its way to a primary job here; call the answer once it is queued or refused. */
  arrival(): () => void {
    this.arriving += 1;
    let arrived = false;
    return () => {
      if (arrived) return;
      arrived = true;
      this.arriving -= 1;
      this.dispatch();
    };
  }

  async run<T>(kind: 'primary' | 'variants', task: () => Promise<T>): Promise<T> {
    if (this.startable(kind)) this.free -= 1;
    else await new Promise<void>((go) => this.waiting[kind].push(go));
    try {
      return await task();
    } finally {
      this.free += 1;
      this.dispatch();
    }
  }

  private startable(kind: 'primary' | 'variants'): boolean {
    if (kind === 'primary') return this.free > 0;
    return this.waiting.primary.length === 0 && this.free > this.arriving;
  }

  private dispatch() {
    while (this.free > 0) {
      const next =
        this.waiting.primary.shift() ??
        (this.free > this.arriving ? this.waiting.variants.shift() : undefined);
      if (!next) return;
      this.free -= 1;
      next();
    }
  }
}
