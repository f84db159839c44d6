import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '@/lib/format';

interface Named {
  name: string;
}

/**
 * Who made a change: the API key by the name its owner gave it ("ERP (API key)"), else the
 * person, else `none` dimmed (a customer's own sign-up, a row with no actor).
 */
export function ActorName({
  person,
  apiKey,
  none,
}: {
  person?: Named | null;
  apiKey?: Named | null;
  none: ReactNode;
}) {
  const { t } = useTranslation();
  if (apiKey) return <>{t('activity.viaKey', { key: isolate(apiKey.name) })}</>;
  if (person) return <>{person.name}</>;
  return (
    <Text span c="dimmed" size="sm">
      {none}
    </Text>
  );
}
