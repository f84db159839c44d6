import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconEdit, IconEye, IconStack2, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '@/components/ltr';
import { PagedQueryTable } from '@/components/record-table';
import { useFormat } from '@/lib/format';
import { ConfirmRecordAction } from '@/components/confirm-dialog';
import { RowAction } from '@/components/row-action';
import { useConfirmation } from '@/components/use-confirmation';
import { useEditor } from '@/components/use-editor';
import { useDeleteCard } from '../api/delete-card';
import { useCards } from '../api/list-cards';
import { usePackages } from '../api/list-packages';
import { canChangeCard } from '../card-rules';
import type { CardStatus, RedemptionCard } from '../types';
import { ADMIN_TABLE, AddButton } from './admin-table';
import { BatchCardsModal } from './batch-cards-modal';
import { CardModal } from './card-modal';
import { PrintSheet } from './print-sheet';

const PER_PAGE = 15;
const STATUSES: readonly CardStatus[] = ['available', 'redeemed', 'expired'];
const STATUS_COLOR: Record<CardStatus, string> = { available: 'green', redeemed: 'blue', expired: 'gray' };

export function CardsTab() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const packages = usePackages();
  const [status, setStatus] = useState<CardStatus | null>(null);
  const [packageId, setPackageId] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const cards = useCards({
    status: status ?? undefined,
    package_id: packageId ? Number(packageId) : undefined,
    page,
    per_page: PER_PAGE,
  });
  const editor = useEditor<RedemptionCard>();
  const [batchOpen, setBatchOpen] = useState(false);
  const [sheet, setSheet] = useState<RedemptionCard[] | null>(null);
  const deleting = useConfirmation<RedemptionCard>();
  const remove = useDeleteCard();

  function actionsFor(card: RedemptionCard) {
    if (!canChangeCard(card)) {
      return (
        <Group gap={4} wrap="nowrap">
          <Text size="xs" c="dimmed" data-testid="card-locked">
            {t('cards.cannotEditShort')}
          </Text>
          <RowAction
            icon={IconEye}
            color="gray"
            tooltip={t('cards.view')}
            label={t('cards.viewNamed', { code: card.code })}
            onClick={() => editor.open(card)}
          />
        </Group>
      );
    }
    return (
      <Group gap={4} wrap="nowrap">
        <RowAction
          icon={IconEdit}
          tooltip={t('edit')}
          label={t('cards.editNamed', { code: card.code })}
          onClick={() => editor.open(card)}
        />
        <RowAction
          icon={IconTrash}
          color="red"
          tooltip={t('delete')}
          label={t('cards.deleteNamed', { code: card.code })}
          onClick={() => deleting.ask(card)}
        />
      </Group>
    );
  }

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Group>
          <Select
            label={t('cards.status')}
            placeholder={t('cards.allStatuses')}
            data={STATUSES.map((value) => ({ value, label: t(`cards.statuses.${value}`) }))}
            value={status}
            onChange={(value) => {
              setStatus(value as CardStatus | null);
              setPage(1);
            }}
            clearable
            w={180}
            data-testid="cards-status-filter"
          />
          <Select
            label={t('cards.package')}
            placeholder={t('cards.allPackages')}
            data={(packages.data ?? []).map((pkg) => ({ value: String(pkg.id), label: pkg.name }))}
            value={packageId}
            onChange={(value) => {
              setPackageId(value);
              setPage(1);
            }}
            clearable
            w={220}
            data-testid="cards-package-filter"
          />
        </Group>
        <Group>
          <Button
            variant="light"
            leftSection={<IconStack2 size={16} />}
            onClick={() => setBatchOpen(true)}
            data-testid="batch-cards"
          >
            {t('cards.batch')}
          </Button>
          <AddButton onClick={() => editor.open(null)} testId="add-card">
            {t('cards.add')}
          </AddButton>
        </Group>
      </Group>
      <PagedQueryTable
        query={cards}
        onPage={setPage}
        {...ADMIN_TABLE}
        minWidth={980}
        data-testid="cards-table"
        rowTestId="card-row"
        empty={t('cards.empty')}
        columns={[
          {
            header: t('cards.code'),
            cell: (card) => (
              <Text ff="monospace" fw={600} size="sm">
                <Ltr>{card.code}</Ltr>
              </Text>
            ),
          },
          { header: t('cards.package'), cell: (card) => card.package.name },
          {
            header: t('cards.status'),
            cell: (card) => (
              <Badge color={STATUS_COLOR[card.status]} variant="light">
                {t(`cards.statuses.${card.status}`)}
              </Badge>
            ),
          },
          {
            header: t('cards.redeemedBy'),
            cell: (card) =>
              card.redeemed_by ? (
                <>
                  <Text size="sm">{card.redeemed_by.name}</Text>
                  <Text size="xs" c="dimmed">
                    <Ltr>{card.redeemed_by.email}</Ltr>
                  </Text>
                </>
              ) : (
                '—'
              ),
          },
          {
            header: t('cards.redeemedAt'),
            td: { style: { whiteSpace: 'nowrap' } },
            cell: (card) => (card.redeemed_at ? format.dateTime(card.redeemed_at) : '—'),
          },
          {
            header: t('cards.expiresAt'),
            td: { style: { whiteSpace: 'nowrap' } },
            cell: (card) => (card.expires_at ? format.date(card.expires_at) : t('cards.noExpiration')),
          },
          {
            header: t('notes'),
            td: { maw: 220 },
            cell: (card) => (
              <Text size="sm" lineClamp={2}>
                {card.notes || '—'}
              </Text>
            ),
          },
          { header: t('actions'), cell: actionsFor },
        ]}
      />
      <CardModal {...editor.modal} card={editor.item} />
      <BatchCardsModal
        opened={batchOpen}
        onClose={() => setBatchOpen(false)}
        onCreated={(created) => {
          setBatchOpen(false);
          setSheet(created);
        }}
      />
      <PrintSheet cards={sheet} onClose={() => setSheet(null)} />
      <ConfirmRecordAction
        confirmation={deleting}
        message={() => t('cards.confirmDelete')}
        confirmLabel={t('delete')}
        action={remove}
        success={t('cards.deleted')}
        failure={t('cards.deleteFailed')}
      />
    </Stack>
  );
}
