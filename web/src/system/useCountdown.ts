import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a countdown that can be restarted: resend-mail delay, 120 s (spec core §4, §9). */
export function useCountdown(initialSeconds: number): { secondsLeft: number; restart: (seconds?: number) => void } {
  const [deadline, setDeadline] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const running = now < deadline;
  useEffect(() => {
    if (!running) return undefined;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [deadline, running]);
  const restart = useCallback(
    (seconds = initialSeconds) => {
      setNow(Date.now());
      setDeadline(Date.now() + seconds * 1000);
    },
    [initialSeconds],
  );
  return { secondsLeft: Math.max(0, Math.ceil((deadline - now) / 1000)), restart };
}

/** Resend-mail delay on registration, seconds (spec core §9). */
export const RESEND_MAIL_DELAY_SECONDS = 120;
