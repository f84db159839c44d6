import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api/errors';

/** A 429 answer: the server's `rate_limited`. */
export function isRateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429;
}

/**
 * Counts down the `Retry-After` of a rate-limited answer second by second, so the page can
 * say "try again in N seconds" truthfully and keep its button off until then.
 */
export function useRetryCountdown() {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(0);

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) setDeadline(null);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  /** Call with each answer's error: a 429 with Retry-After starts the count, anything else stops it. */
  const startFrom = useCallback((error: unknown) => {
    const seconds = isRateLimited(error) ? error.retryAfterSeconds : null;
    if (seconds === null || seconds <= 0) {
      setDeadline(null);
      return;
    }
    const current = Date.now();
    setNow(current);
    setDeadline(current + seconds * 1000);
  }, []);

  const secondsLeft = deadline === null ? null : Math.max(1, Math.ceil((deadline - now) / 1000));
  return { secondsLeft, startFrom };
}
