import { Button, Code, Group, Modal, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '@/components/copy-button';
import { Notice } from '@/components/notice';

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
      <Notice color="orange" title={props.title}>
        {props.text}
      </Notice>
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

type OnceTexts = { testId: string; title: string; text: string; copyLabel: string };

/**
 * A modal that shows `form` until the server has made the thing (a key, an endpoint), then its
 * secret once. With `shown`, it shows that secret straight away (a secret made anew).
 */
export function SecretModal<T extends { secret: string }>(props: {
  opened: boolean;
  onClose: () => void;
  formTitle?: string;
  madeTitle: string;
  once: OnceTexts;
  shown?: T | null;
  form?: (onMade: (made: T) => void, onCancel: () => void) => ReactNode;
}) {
  const { t } = useTranslation('owner');
  const [made, setMade] = useState<T | null>(null);
  const secret = props.shown ?? made;
  const close = () => {
    setMade(null);
    props.onClose();
  };
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={secret ? props.madeTitle : props.formTitle}
      closeButtonProps={{ 'aria-label': t('close') }}
      size="lg"
    >
      {props.opened &&
        (secret ? (
          <SecretOnce {...props.once} secret={secret.secret} onDone={close} />
        ) : (
          props.form?.(setMade, close)
        ))}
    </Modal>
  );
}
