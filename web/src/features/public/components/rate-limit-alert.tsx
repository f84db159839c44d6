import { VisuallyHidden } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { Notice } from '@/components/notice';

interface RateLimitAlertProps {
  /** The answer's Retry-After, or null when the server did not say. */
  retryAfter: number | null;
  /** The live countdown; null once it has run out. */
  secondsLeft: number | null;
  message: (seconds: number) => string;
  /** Said when the server gave no Retry-After. */
  fallback: string;
}

/**
 * "Too many attempts, try again in N seconds", counting down. Assistive tech hears it once
 * (with the first figure), not every second.
 */
export function RateLimitAlert({ retryAfter, secondsLeft, message, fallback }: RateLimitAlertProps) {
  if (retryAfter !== null && secondsLeft === null) return null;
  return (
    <Notice color="orange" icon={IconClockHour4} role="alert" data-testid="rate-limited">
      {retryAfter === null || secondsLeft === null ? (
        fallback
      ) : (
        <>
          <VisuallyHidden>{message(retryAfter)}</VisuallyHidden>
          <span aria-hidden>{message(secondsLeft)}</span>
        </>
      )}
    </Notice>
  );
}
