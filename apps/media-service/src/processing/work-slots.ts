/**
 * The images this replica works on at once (MEDIA_WORKER_CONCURRENCY), shared by its primary
 * and variants workers. The variants are background work, the primary is what an upload's
 * answer waits for: a waiting primary job goes before waiting variants, a slot that frees while
 * an upload is on its way here (read and checked, not yet queued) is kept for it, and so is the
 * slot of a primary job just done for `holdMs`, the time its uploader takes to send the next
 * photo (the answer goes back, the next upload comes through the gateway): a burst of uploads
 * keeps its slots, the variants follow once it is over. Never later than `maxVariantsWaitMs`,
 * though: a variants job waiting that long takes the next slot that frees, before any primary,
 * so a steady stream of uploads cannot keep thumbnails and WebP copies from ever being made.
 */
export class WorkSlots {
  private free: number;
  private arriving = 0;
  /** Slots of primary jobs done less than holdMs ago, each with its release timer. */
  private readonly held: NodeJS.Timeout[] = [];
  private readonly waiting = {
    primary: [] as (() => void)[],
    variants: [] as Array<{ go: () => void; since: number }>,
  };

  constructor(
    slots: number,
    private readonly holdMs = 0,
    private readonly maxVariantsWaitMs = Infinity,
  ) {
    this.free = slots;
  }

  /** An upload on its way to a primary job here; call the answer once it is queued or refused. */
  arrival(): () => void {
    // The upload a held slot was kept for (or another): the slot is kept for it now.
    const timer = this.held.shift();
    if (timer) clearTimeout(timer);
    this.arriving += 1;
    let arrived = false;
    return () => {
      if (arrived) return;
      arrived = true;
      this.arriving -= 1;
      this.dispatch();
    };
  }

  /**
   * Runs `task` in a slot. `arrived`: the arrival of the upload a primary job is for, ended once
   * the job has its slot or its place in line (the slot kept for it is not given away between).
   */
  async run<T>(
    kind: 'primary' | 'variants',
    task: () => Promise<T>,
    arrived?: () => void,
  ): Promise<T> {
    let turn: Promise<void> | undefined;
    if (this.startable(kind)) this.free -= 1;
    else
      turn = new Promise<void>((go) =>
        kind === 'primary'
          ? this.waiting.primary.push(go)
          : this.waiting.variants.push({ go, since: Date.now() }),
      );
    arrived?.();
    if (turn) await turn;
    try {
      return await task();
    } finally {
      this.free += 1;
      if (kind === 'primary' && this.holdMs > 0) this.hold();
      this.dispatch();
    }
  }

  private hold() {
    const timer = setTimeout(() => {
      const at = this.held.indexOf(timer);
      if (at >= 0) this.held.splice(at, 1);
      this.dispatch();
    }, this.holdMs);
    timer.unref();
    this.held.push(timer);
  }

  /** Free slots not kept for an upload on its way or expected back. */
  private get spare(): number {
    return this.free - this.arriving - this.held.length;
  }

  private startable(kind: 'primary' | 'variants'): boolean {
    if (kind === 'primary') return this.free > 0;
    return this.waiting.primary.length === 0 && this.spare > 0;
  }

  /** The oldest waiting variants job has waited its longest: it goes next. */
  private get variantsOverdue(): boolean {
    const oldest = this.waiting.variants[0];
    return oldest !== undefined && Date.now() - oldest.since >= this.maxVariantsWaitMs;
  }

  private dispatch() {
    while (this.free > 0) {
      const next = this.variantsOverdue
        ? this.waiting.variants.shift()!.go
        : (this.waiting.primary.shift() ??
          (this.spare > 0 ? this.waiting.variants.shift()?.go : undefined));
      if (!next) return;
      this.free -= 1;
      next();
    }
  }
}
