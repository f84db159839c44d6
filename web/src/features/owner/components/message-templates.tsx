import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { useApiForm } from '@/components/form/use-api-form';
import { ErrorNotice } from '@/components/notice';
import { QueryState } from '@/components/query-state';
import { bounds } from '@/lib/api/bounds';
import { messageOf } from '@/lib/api/errors';
import { isolateLtr, useFormat } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { useMessageTemplates, useResetMessageTemplate, useSaveMessageTemplate } from '../api/messages';
import type { MessageTemplate } from '../types';

/** How long each text may be, from the contract. */
const MAX_LENGTH = {
  text_ar: bounds.MessageTemplateRequest.text_ar.maxLength,
  text_en: bounds.MessageTemplateRequest.text_en.maxLength,
} as const;

/** The five kinds of message, each editable in Arabic and English side by side. */
export function MessageTemplates() {
  const { t } = useTranslation('owner');
  const templates = useMessageTemplates();
  return (
    <Stack gap="md" data-testid="message-templates">
      <Stack gap={4}>
        <Title order={3} fz="lg">
          {t('messages.templates.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('messages.templates.intro')}
        </Text>
      </Stack>
      <QueryState query={templates}>
        {(list) =>
          list.map((template) => (
            // A new text from the server (saved, or back to the product's) starts the form afresh.
            <TemplateCard
              key={`${template.kind}:${String(template.own)}:${template.text_ar}:${template.text_en}`}
              template={template}
            />
          ))
        }
      </QueryState>
    </Stack>
  );
}

function TemplateCard({ template }: { template: MessageTemplate }) {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const save = useSaveMessageTemplate(template.kind);
  const reset = useResetMessageTemplate(template.kind);
  const form = useApiForm({
    initialValues: { text_ar: template.text_ar, text_en: template.text_en },
    submit: (values) => save.mutateAsync(values),
    onSuccess: (saved) => {
      form.setValues({ text_ar: saved.text_ar, text_en: saved.text_en });
      form.resetDirty({ text_ar: saved.text_ar, text_en: saved.text_en });
      showToast(t('messages.templates.saved'));
    },
    failure: t('messages.templates.failed'),
  });
  const kind = template.kind;

  function resetToProduct() {
    reset.mutate(undefined, {
      onSuccess: () => showToast(t('messages.templates.resetDone')),
    });
  }

  return (
    <Card withBorder radius="md" padding="lg" data-testid={`template-${kind}`} data-own={template.own}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={4} fz="md">
            {t(`messages.kinds.${kind}`)}
          </Title>
          <Badge
            variant="light"
            color={template.own ? 'grape' : 'gray'}
            tt="none"
            data-testid="template-source"
          >
            {template.own ? t('messages.templates.own') : t('messages.templates.product')}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`messages.kindHints.${kind}`)}
        </Text>
        <Group gap={6} data-testid="template-placeholders">
          <Text size="sm">{t('messages.templates.placeholders')}</Text>
          {template.placeholders.map((name) => {
            const required = template.required.includes(name);
            return (
              <Badge
                key={name}
                tt="none"
                variant={required ? 'filled' : 'outline'}
                color={required ? 'brand' : 'gray'}
                data-required={required}
              >
                {isolateLtr(`{${name}}`)}
                {required ? ` · ${t('messages.templates.required')}` : ''}
              </Badge>
            );
          })}
        </Group>
        <ApiForm form={form} testId={`template-form-${kind}`}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Textarea
              label={t('messages.templates.textAr')}
              description={t('messages.templates.segments', {
                segments: format.number(template.sms_segments_ar),
              })}
              {...form.getInputProps('text_ar')}
              name="text_ar"
              dir="rtl"
              lang="ar"
              rows={4}
              maxLength={MAX_LENGTH.text_ar}
              data-testid="template-text-ar"
            />
            <Textarea
              label={t('messages.templates.textEn')}
              description={t('messages.templates.segments', {
                segments: format.number(template.sms_segments_en),
              })}
              {...form.getInputProps('text_en')}
              name="text_en"
              dir="ltr"
              lang="en"
              rows={4}
              maxLength={MAX_LENGTH.text_en}
              data-testid="template-text-en"
            />
          </SimpleGrid>
          {reset.isError && (
            <ErrorNotice>{messageOf(reset.error, t('messages.templates.resetFailed'))}</ErrorNotice>
          )}
          <Group justify="space-between" gap="sm">
            {template.own ? (
              <Button
                variant="subtle"
                color="gray"
                leftSection={<IconArrowBackUp size={18} aria-hidden />}
                loading={reset.isPending}
                onClick={resetToProduct}
                data-testid="template-reset"
              >
                {t('messages.templates.reset')}
              </Button>
            ) : (
              <span />
            )}
            <FormActions submitLabel={t('save')} pendingLabel={t('saving')} />
          </Group>
        </ApiForm>
      </Stack>
    </Card>
  );
}
