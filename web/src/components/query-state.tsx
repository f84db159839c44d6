import { Button, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api/errors';
import { ErrorNotice } from './notice';

/** What `QueryState` reads of a query (react-query's result). */
export interface LoadingQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: LoadingQuery<T>;
  /** What to say when the server gave no message of its own. */
  fallback?: string;
  children: (data: T) => ReactNode;
}

/** Spinner, error box with a retry, or the data. */
export function QueryState<T>({ query, fallback, children }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <ErrorNotice>
        {messageOf(query.error, fallback ?? t('common.loadFailed'))}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorNotice>
    );
  }
  return <>{children(query.data)}</>;
}
