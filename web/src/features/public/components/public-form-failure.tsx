import { FormError } from '@/components/form/form-error';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api/errors';
import { isRateLimited } from '../hooks/use-retry-countdown';
import { RateLimitAlert } from './rate-limit-alert';

interface PublicFormFailureProps {
  /** The last request's error, if any. */
  error: unknown;
  /** Whether the server's messages are under the fields (then nothing is said here). */
  underFields: boolean;
  secondsLeft: number | null;
  rateLimited: (seconds: number) => string;
  /** Said when a rate-limited answer gave no Retry-After. */
  rateLimitedSoon: string;
}

/** Under a public form's button: "try again in N seconds" for too many attempts, else the failure. */
export function PublicFormFailure({
  error,
  underFields,
  secondsLeft,
  rateLimited,
  rateLimitedSoon,
}: PublicFormFailureProps) {
  const { t } = useTranslation();
  if (isRateLimited(error)) {
    return (
      <RateLimitAlert
        retryAfter={error.retryAfterSeconds}
        secondsLeft={secondsLeft}
        message={rateLimited}
        fallback={rateLimitedSoon}
      />
    );
  }
  return <FormError message={error && !underFields ? messageOf(error, t('public.errors.generic')) : null} />;
}
