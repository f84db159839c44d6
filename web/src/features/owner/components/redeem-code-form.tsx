import { Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api/errors';
import { showToast } from '@/lib/toasts';
import { useRedeemCode } from '../api/subscription';

/** Spec section 9. */
export const REDEEM_CODE_MAX_LENGTH = 50;

interface RedeemCodeFormProps {
  /** Focuses the input whenever it changes (the ribbon's "Renew now"). */
  focusSignal?: number;
}

export function RedeemCodeForm({ focusSignal = 0 }: RedeemCodeFormProps) {
  const { t } = useTranslation('owner');
  const redeem = useRedeemCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusSignal > 0) {
      input.current?.focus();
      input.current?.scrollIntoView({ block: 'center' });
    }
  }, [focusSignal]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError(t('subscription.codeEmpty'));
      return;
    }
    setError(null);
    redeem.mutate(trimmed, {
      onSuccess: () => {
        setCode('');
        showToast(t('subscription.activated'));
      },
      onError: (failure) => setError(messageOf(failure, t('subscription.redeemFailed'))),
    });
  }

  return (
    <Stack gap="md" data-testid="redeem-code">
      <Title order={3} fz="h4">
        {t('subscription.redeemTitle')}
      </Title>
      {/* A form, so Enter in the input submits. */}
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            ref={input}
            style={{ flex: 1, minWidth: 220 }}
            label={t('subscription.code')}
            placeholder={t('subscription.codePlaceholder')}
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              if (error) setError(null);
            }}
            maxLength={REDEEM_CODE_MAX_LENGTH}
            error={error}
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            name="code"
          />
          <Button type="submit" mt={25} leftSection={<IconTicket size={18} />} loading={redeem.isPending}>
            {redeem.isPending ? t('subscription.redeeming') : t('subscription.redeem')}
          </Button>
        </Group>
      </form>
      <div>
        <Text fw={600} mb={4}>
          {t('subscription.howTitle')}
        </Text>
        <List type="ordered" spacing={4} size="sm">
          <List.Item>{t('subscription.step1')}</List.Item>
          <List.Item>{t('subscription.step2')}</List.Item>
          <List.Item>{t('subscription.step3')}</List.Item>
        </List>
      </div>
    </Stack>
  );
}
