import confetti from 'canvas-confetti';

const BURST_EVERY_MS = 250;

/**
 * Drawn on the page's own thread: the library's default draws in a Worker made from a blob:
 * URL, which the page's Content-Security-Policy refuses (scripts only from the app's files).
 * Made on the first celebration, with its canvas.
 */
let cannon: confetti.CreateTypes | undefined;

/**
 * Confetti for `durationMs` (SPEC section 9: 3 s), in bursts from both sides. The canvas
 * belongs to the page, not to the wizard, so it goes on while the app moves to the dashboard;
 * people who ask for reduced motion get none.
 */
export function celebrate(durationMs: number): void {
  const endsAt = Date.now() + durationMs;
  cannon ??= confetti.create(undefined, { resize: true, useWorker: false });
  const fire = cannon;
  const burst = () => {
    for (const x of [0.15, 0.85]) {
      void fire({
        particleCount: 30,
        spread: 70,
        startVelocity: 40,
        origin: { x, y: 0.7 },
        zIndex: 1000,
        disableForReducedMotion: true,
      });
    }
  };
  burst();
  const timer = setInterval(() => {
    if (Date.now() >= endsAt) clearInterval(timer);
    else burst();
  }, BURST_EVERY_MS);
}
