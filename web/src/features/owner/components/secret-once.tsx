import { Alert, Button, Code, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '@/components/copy-button';

/** A secret the server shows this once (an API key, a webhook's signing secret), to copy now. */
export function SecretOnce(props: {
  testId: string;
  title: string;
  text: string;
  secret: string;
  copyLabel: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('owner');
  return (
    <Stack data-testid={props.testId}>
      <Alert color="orange" variant="light" title={props.title}>
        {props.text}
      </Alert>
      <Code block dir="ltr" data-testid={`${props.testId}-value`}>
        {props.secret}
      </Code>
      <Group justify="flex-end">
        <CopyValueButton
          value={props.secret}
          label={props.copyLabel}
          copiedLabel={t('integrations.copied')}
        />
        <Button onClick={props.onDone}>{t('integrations.done')}</Button>
      </Group>
    </Stack>
  );
}
