import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import type { RedemptionCard } from '../types';
import classes from './print-sheet.module.css';

interface PrintSheetProps {
  cards: readonly RedemptionCard[] | null;
  onClose: () => void;
}

/** The codes of a batch, laid out to be printed and cut (the print stylesheet prints only this). */
export function PrintSheet({ cards, onClose }: PrintSheetProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  return (
    <Modal
      opened={cards !== null}
      onClose={onClose}
      fullScreen
      title={t('cards.sheetTitle', { count: cards?.length ?? 0 })}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {cards && (
        <Stack>
          <Group justify="flex-end" className={classes.noPrint}>
            <Button variant="default" onClick={onClose}>
              {t('close')}
            </Button>
            <Button
              leftSection={<IconPrinter size={16} />}
              onClick={() => window.print()}
              data-testid="print-sheet"
            >
              {t('cards.print')}
            </Button>
          </Group>
          <div className={classes.sheet} data-testid="card-sheet">
            <Title order={2} fz="lg" mb="md">
              {t('cards.sheetHeading')}
            </Title>
            <div className={classes.grid}>
              {cards.map((card) => (
                <div key={card.id} className={classes.card} data-testid="sheet-card">
                  <div className={classes.code}>{card.code}</div>
                  <Text fw={500} mt="xs">
                    {card.package.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {card.expires_at
                      ? t('cards.validUntil', { date: format.date(card.expires_at) })
                      : t('cards.noExpiration')}
                  </Text>
                </div>
              ))}
            </div>
          </div>
        </Stack>
      )}
    </Modal>
  );
}
