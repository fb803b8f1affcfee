import { useCallback, useEffect, useState } from 'react';

/** 600 → "10:00", 59 → "0:59" (SPEC section 4: m:ss). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * Seconds left until a deadline `seconds` from now, ticking once a second; `restart` sets a
 * new deadline. Counted from the clock, so a tab in the background does not fall behind.
 */
export function useCountdown(seconds: number) {
  const [endsAt, setEndsAt] = useState(() => Date.now() + seconds * 1000);
  const left = useCallback(() => Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)), [endsAt]);
  const [remaining, setRemaining] = useState(left);

  useEffect(() => {
    setRemaining(left());
    const timer = setInterval(() => {
      const next = left();
      setRemaining(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [left]);

  const restart = useCallback((next: number) => setEndsAt(Date.now() + next * 1000), []);
  return { remaining, restart };
}
