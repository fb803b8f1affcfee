import confetti from 'canvas-confetti';

const BURST_EVERY_MS = 250;

/**
 * Confetti for `durationMs` (SPEC section 9: 3 s), in bursts from both sides. The canvas
 * belongs to the page, not to the wizard, so it goes on while the app moves to the dashboard;
 * people who ask for reduced motion get none.
 */
export function celebrate(durationMs: number): void {
  const endsAt = Date.now() + durationMs;
  const burst = () => {
    for (const x of [0.15, 0.85]) {
      void confetti({
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
