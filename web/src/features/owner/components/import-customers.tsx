import {
  Accordion,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconDownload, IconFileUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '@/components/ltr';
import { ScrollTable } from '@/components/scroll-table';
import { ApiError, messageOf } from '@/lib/api/errors';
import { isolate, useFormat } from '@/lib/format';
import { useOwnerStores } from '../api/dashboard-queries';
import { downloadBlob } from '@/lib/download';
import {
  downloadImportTemplate,
  importCustomers,
  useImportFormat,
  type ImportFormat,
  type ImportReport,
} from '../api/imports';
import { ownerKeys } from '../api/owner-keys';
import { NOTIFICATIONS_KEY } from '@/lib/api/notifications';
import { ErrorNotice, Notice } from '@/components/notice';

/** Rows with a problem listed under the check; the counts cover them all. */
const SHOWN_PROBLEMS = 100;

type State =
  | { status: 'idle' }
  | { status: 'checking' | 'importing' }
  | { status: 'checked'; report: ImportReport }
  | { status: 'imported'; report: ImportReport }
  | { status: 'failed'; error: unknown; report?: ImportReport };

/**
 * Customers from paper or another system (issue #19): the owner picks a store and a CSV file,
 * checks it (every row's outcome from the server, nothing written), then imports the new rows
 * with their points. The same file twice adds nothing.
 */
export function ImportCustomers() {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const stores = useOwnerStores();
  const queryClient = useQueryClient();
  const [store, setStore] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ status: 'idle' });

  const storeId = store ?? (stores.data?.length === 1 ? String(stores.data[0]?.id) : null);
  const busy = state.status === 'checking' || state.status === 'importing';
  const report = 'report' in state ? state.report : undefined;
  const fieldError = (field: string) =>
    state.status === 'failed' && state.error instanceof ApiError ? state.error.fieldError(field) : undefined;

  async function run(dryRun: boolean) {
    if (!storeId || !file) return;
    const checked = report;
    setState({ status: dryRun ? 'checking' : 'importing' });
    try {
      const answer = await importCustomers(Number(storeId), file, dryRun);
      setState({ status: dryRun ? 'checked' : 'imported', report: answer });
      if (!dryRun) {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ownerKeys.all }),
          queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
        ]);
      }
    } catch (error) {
      setState({ status: 'failed', error, report: dryRun ? undefined : checked });
    }
  }

  const problems = report?.lines.filter((line) => line.outcome === 'invalid') ?? [];

  return (
    <Card withBorder radius="md" padding="md" data-testid="import-customers">
      <Stack>
        <Title order={3} fz="h4">
          {t('imports.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('imports.intro')}
        </Text>
        <Text c="dimmed" size="sm" data-testid="import-expiry-note">
          {t('imports.expiryStarts')}
        </Text>
        <ImportHeadings />
        <Group align="flex-end" grow>
          <Select
            label={t('imports.store')}
            placeholder={t('imports.storePlaceholder')}
            data={(stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={storeId}
            onChange={(value) => {
              setStore(value);
              setState({ status: 'idle' });
            }}
            error={fieldError('store_id')}
            disabled={busy}
            data-testid="import-store"
          />
          <FileInput
            label={t('imports.file')}
            placeholder={t('imports.filePlaceholder')}
            accept=".csv,text/csv"
            value={file}
            onChange={(next) => {
              setFile(next);
              setState({ status: 'idle' });
            }}
            error={fieldError('file')}
            leftSection={<IconFileUpload size={18} />}
            clearable
            disabled={busy}
            data-testid="import-file"
          />
        </Group>
        <Group>
          <Button
            variant="light"
            onClick={() => void run(true)}
            loading={state.status === 'checking'}
            disabled={!storeId || !file || busy}
            data-testid="import-check"
          >
            {t('imports.check')}
          </Button>
          {state.status === 'checked' && state.report.new > 0 && (
            <Button onClick={() => void run(false)} data-testid="import-run">
              {t('imports.run', { count: state.report.new, customers: format.number(state.report.new) })}
            </Button>
          )}
          {state.status === 'importing' && <Button loading>{t('imports.importing')}</Button>}
        </Group>

        {busy && file && (
          <Stack gap={4} data-testid="import-progress">
            <Progress value={100} striped animated aria-label={t('imports.sending')} />
            <Text size="sm" c="dimmed">
              {t('imports.working', {
                size: t('imports.megabytes', {
                  n: format.number(file.size / 1_048_576, {
                    maximumFractionDigits: 1,
                    minimumFractionDigits: 1,
                  }),
                }),
              })}
            </Text>
          </Stack>
        )}
        {state.status === 'failed' && !fieldError('file') && !fieldError('store_id') && (
          <ErrorNotice>{messageOf(state.error, t('imports.failed'))}</ErrorNotice>
        )}
        {state.status === 'imported' && (
          <Notice color="green" icon={IconCircleCheck} data-testid="import-done">
            {t('imports.done', {
              count: state.report.imported,
              customers: format.number(state.report.imported),
              points: format.points(state.report.imported_points),
              store: isolate(state.report.store.name),
            })}
          </Notice>
        )}
        {report && (
          <Stack gap="xs" data-testid="import-report">
            <Group gap="xs">
              <Badge color="green" variant="light" data-testid="import-new">
                {t('imports.new', { count: report.new, n: format.number(report.new) })}
              </Badge>
              <Badge color="gray" variant="light" data-testid="import-existing">
                {t('imports.existing', { count: report.existing, n: format.number(report.existing) })}
              </Badge>
              <Badge color="red" variant="light" data-testid="import-invalid">
                {t('imports.invalid', { count: report.invalid, n: format.number(report.invalid) })}
              </Badge>
            </Group>
            {state.status === 'checked' && report.new === 0 && (
              <Text size="sm" c="dimmed">
                {t('imports.nothingNew')}
              </Text>
            )}
            {problems.length > 0 && (
              <ScrollTable minWidth={520}>
                <Table striped verticalSpacing="xs" data-testid="import-problems">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('imports.line')}</Table.Th>
                      <Table.Th>{t('imports.name')}</Table.Th>
                      <Table.Th>{t('imports.phone')}</Table.Th>
                      <Table.Th>{t('imports.reason')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {problems.slice(0, SHOWN_PROBLEMS).map((line) => (
                      <Table.Tr key={line.line}>
                        <Table.Td>{format.number(line.line)}</Table.Td>
                        <Table.Td>{line.name ? isolate(line.name) : t('dash')}</Table.Td>
                        <Table.Td>{line.phone ? <Ltr>{line.phone}</Ltr> : t('dash')}</Table.Td>
                        <Table.Td>
                          {Object.values(line.errors ?? {})
                            .map((m) => m[0])
                            .join(' · ')}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
            {problems.length > SHOWN_PROBLEMS && (
              <Text size="sm" c="dimmed">
                {t('imports.moreProblems', { n: format.number(problems.length - SHOWN_PROBLEMS) })}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/**
 * Which columns a file may have and the headings read for each, in both languages, as the server
 * reads them (GET /imports/customers/format), with the template to fill in.
 */
function ImportHeadings() {
  const { t, i18n } = useTranslation('owner');
  const columns = useImportFormat();
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);

  async function download() {
    setDownloading(true);
    setFailed(null);
    try {
      const { blob, filename } = await downloadImportTemplate();
      downloadBlob(blob, filename);
    } catch (error) {
      setFailed(error);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Stack gap="xs">
      <Accordion variant="contained" data-testid="import-headings">
        <Accordion.Item value="headings">
          <Accordion.Control>{t('imports.headingsTitle')}</Accordion.Control>
          <Accordion.Panel>
            {columns.isError && (
              <ErrorNotice>{messageOf(columns.error, t('imports.headingsFailed'))}</ErrorNotice>
            )}
            {columns.data && <HeadingsTable format={columns.data} arabicFirst={i18n.language === 'ar'} />}
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      <Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} />}
          loading={downloading}
          onClick={() => void download()}
          data-testid="import-template"
        >
          {t('imports.template')}
        </Button>
      </Group>
      {failed !== null && <ErrorNotice>{messageOf(failed, t('imports.templateFailed'))}</ErrorNotice>}
    </Stack>
  );
}

function HeadingsTable({ format: { columns }, arabicFirst }: { format: ImportFormat; arabicFirst: boolean }) {
  const { t } = useTranslation('owner');
  return (
    <ScrollTable minWidth={480}>
      <Table verticalSpacing="xs" data-testid="import-headings-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('imports.column')}</Table.Th>
            <Table.Th>{t('imports.headingsRead')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {columns.map((column) => {
            const headings = arabicFirst
              ? [...column.headings_ar, ...column.headings_en]
              : [...column.headings_en, ...column.headings_ar];
            return (
              <Table.Tr key={column.field} data-field={column.field}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {t(`imports.columns.${column.field}`, { defaultValue: column.field })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {column.required ? t('imports.required') : t('imports.optional')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {headings.map((heading) => (
                      <Badge key={heading} variant="light" color="gray" tt="none" fw={500}>
                        <bdi>{heading}</bdi>
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
