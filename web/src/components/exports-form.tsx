import {
  Alert,
  Button,
  Card,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '@/components/ltr';
import { ApiError, messageOf } from '@/lib/api/errors';
import { useFormat } from '@/lib/format';
import { downloadBlob } from '@/lib/download';
import { downloadExport, type ExportKind, type ExportProgress } from '@/lib/api/exports';

type State =
  | { status: 'idle' }
  | { status: 'running'; progress: ExportProgress }
  | { status: 'done'; filename: string; rows: number }
  | { status: 'failed'; error: unknown };

interface ExportsFormProps {
  /** What the caller may export, in the order offered. */
  kinds: readonly ExportKind[];
  /** The stores the caller may pick one of. */
  stores: readonly { id: number; name: string }[];
  /** The sentence under the title (the owner's by default). */
  intro?: string;
  children?: ReactNode;
}

/**
 * CSV files of records (issue #19): a kind, one store or all, and optional Tripoli dates. The
 * file streams in with a progress bar (the server says how many rows it will hold) and is then
 * saved by the browser. The owner's tab and the admin's use it with their own kinds and stores;
 * what a kind allows (a platform-wide one takes no store) is the server's to say, under the field.
 */
export function ExportsForm({ kinds, stores, intro, children }: ExportsFormProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [kind, setKind] = useState<ExportKind>(kinds[0] ?? 'invoices');
  const [store, setStore] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });
  const cancel = useRef<AbortController | null>(null);

  async function start() {
    const controller = new AbortController();
    cancel.current = controller;
    setState({ status: 'running', progress: { rows: 0, total: null } });
    try {
      const file = await downloadExport(
        { kind, storeId: store ? Number(store) : null, from, to },
        (progress) => setState({ status: 'running', progress }),
        controller.signal,
      );
      downloadBlob(file.blob, file.filename);
      setState({ status: 'done', filename: file.filename, rows: file.rows });
    } catch (error) {
      setState(controller.signal.aborted ? { status: 'idle' } : { status: 'failed', error });
    } finally {
      cancel.current = null;
    }
  }

  const fieldError = (field: string) =>
    state.status === 'failed' && state.error instanceof ApiError ? state.error.fieldError(field) : undefined;
  const fieldsFailed = Boolean(fieldError('from') || fieldError('to') || fieldError('store_id'));
  const running = state.status === 'running';
  const progress = running ? state.progress : null;
  const percent = progress?.total ? Math.round((progress.rows / progress.total) * 100) : 0;

  return (
    <Stack data-testid="exports">
      <Title order={2} fz="h3">
        {t('exports.title')}
      </Title>
      <Text c="dimmed">{intro ?? t('exports.intro')}</Text>
      <Card withBorder radius="md" padding="md">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <Select
              label={t('exports.kind')}
              data={kinds.map((value) => ({ value, label: t(`exports.kinds.${value}`) }))}
              value={kind}
              onChange={(value) => setKind((value as ExportKind | null) ?? kinds[0] ?? 'invoices')}
              allowDeselect={false}
              disabled={running}
              data-testid="export-kind"
            />
            <Select
              label={t('exports.store')}
              placeholder={t('exports.allStores')}
              data={stores.map((item) => ({ value: String(item.id), label: item.name }))}
              value={store}
              onChange={setStore}
              error={fieldError('store_id')}
              clearable
              disabled={running}
              data-testid="export-store"
            />
            <TextInput
              type="date"
              label={kind === 'customers' ? t('exports.joinedFrom') : t('exports.from')}
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
              max={to || undefined}
              error={fieldError('from')}
              disabled={running}
              data-testid="export-from"
            />
            <TextInput
              type="date"
              label={kind === 'customers' ? t('exports.joinedTo') : t('exports.to')}
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
              min={from || undefined}
              error={fieldError('to')}
              disabled={running}
              data-testid="export-to"
            />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('exports.datesHint')}
          </Text>
          <Group>
            <Button
              leftSection={<IconDownload size={18} aria-hidden />}
              onClick={() => void start()}
              loading={running}
              data-testid="export-download"
            >
              {t('exports.download')}
            </Button>
            {running && (
              <Button variant="default" onClick={() => cancel.current?.abort()} data-testid="export-cancel">
                {t('exports.cancel')}
              </Button>
            )}
          </Group>
          {progress && (
            <Stack gap={4}>
              <Progress
                value={progress.total ? percent : 100}
                animated={!progress.total}
                aria-label={t('exports.progressLabel')}
              />
              <Text size="sm" data-testid="export-progress" aria-live="polite">
                {progress.total === null
                  ? t('exports.rowsSoFar', { count: progress.rows, rows: format.number(progress.rows) })
                  : t('exports.rowsOf', {
                      count: progress.total,
                      rows: format.number(progress.rows),
                      total: format.number(progress.total),
                    })}
              </Text>
            </Stack>
          )}
          {state.status === 'done' && (
            <Alert color="green" icon={<IconCircleCheck size={18} />} data-testid="export-done">
              {t('exports.saved', { count: state.rows, rows: format.number(state.rows) })}{' '}
              <Ltr>{state.filename}</Ltr>
            </Alert>
          )}
          {state.status === 'failed' && !fieldsFailed && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="export-failed">
              {messageOf(state.error, t('exports.failed'))}
            </Alert>
          )}
        </Stack>
      </Card>
      {children}
    </Stack>
  );
}
