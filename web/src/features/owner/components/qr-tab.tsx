import { Button, Card, Code, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPrinter, IconQrcode, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from '@/components/copy-button';
import { messageOf } from '@/lib/api/errors';
import { isolate } from '@/lib/format';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useOwnerStores } from '../api/dashboard-queries';
import { useGenerateQr, useRotateQr } from '../api/settings';
import type { QrCode } from '../types';
import classes from './qr-tab.module.css';
import { downloadBlob } from '@/lib/download';
import { ErrorNotice, Notice } from '@/components/notice';

/** Spec section 9. */
export const QR_SIZES = ['150', '200', '300'] as const;
type QrSize = (typeof QR_SIZES)[number];

/** The server's SVG as an image source: an <img> never runs scripts an SVG might carry. */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A safe file name for the store ("Main St. #1" -> "qr-main-st-1.svg"). */
export function qrFileName(storeName: string, storeId: number): string {
  const slug = storeName
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return `qr-${slug || storeId}.svg`;
}

export function QrTab() {
  const { t } = useTranslation('owner');
  const stores = useOwnerStores();
  const generate = useGenerateQr();
  const rotate = useRotateQr();
  const [storeId, setStoreId] = useState<string | null>(null);
  const [size, setSize] = useState<QrSize>('200');
  const [qr, setQr] = useState<QrCode | null>(null);
  const [askRotate, setAskRotate] = useState(false);
  const list = stores.data ?? [];
  const chosen = storeId ?? (list[0] ? String(list[0].id) : null);
  const failed = generate.isError ? generate.error : rotate.isError ? rotate.error : null;

  return (
    <Stack data-testid="owner-qr">
      <Title order={2} fz="h3" className={classes.noPrint}>
        {t('qr.title')}
      </Title>
      <Text c="dimmed" className={classes.noPrint}>
        {t('qr.intro')}
      </Text>
      {stores.isSuccess && list.length === 0 ? (
        <Notice color="blue">{t('qr.noStores')}</Notice>
      ) : (
        <Card withBorder radius="md" padding="lg" className={classes.noPrint}>
          <Group align="flex-end">
            <Select
              label={t('qr.store')}
              data={list.map((store) => ({ value: String(store.id), label: store.name }))}
              value={chosen}
              onChange={setStoreId}
              allowDeselect={false}
              style={{ flex: 1, minWidth: 200 }}
              data-testid="qr-store"
            />
            <Select
              label={t('qr.size')}
              data={QR_SIZES.map((value) => ({ value, label: t(`qr.sizes.${value}`) }))}
              value={size}
              onChange={(value) => value && setSize(value as QrSize)}
              allowDeselect={false}
              w={200}
              data-testid="qr-size"
            />
            <Button
              leftSection={<IconQrcode size={18} />}
              loading={generate.isPending}
              disabled={!chosen}
              onClick={() => {
                if (!chosen) return;
                rotate.reset();
                generate.mutate({ store_id: Number(chosen), size: Number(size) }, { onSuccess: setQr });
              }}
            >
              {generate.isPending ? t('qr.generating') : t('qr.generate')}
            </Button>
          </Group>
        </Card>
      )}

      {failed && (
        <ErrorNotice data-testid="qr-error" className={classes.noPrint}>
          {messageOf(failed, rotate.isError ? t('qr.rotateFailed') : t('qr.failed'))}
        </ErrorNotice>
      )}
      {rotate.isSuccess && (
        <Notice color="teal" role="status" data-testid="qr-rotated" className={classes.noPrint}>
          {t('qr.rotated')}
        </Notice>
      )}

      {qr && (
        <Card withBorder radius="md" padding="lg" data-testid="qr-result">
          <Stack align="center" gap="md">
            <div className={classes.printArea}>
              <Stack align="center" gap="sm">
                <Title order={3} fz="h4" data-testid="qr-store-line">
                  {t('qr.storeLine', { name: isolate(qr.store.name), id: qr.store.id })}
                </Title>
                <img
                  className={classes.code}
                  src={svgDataUrl(qr.qr_code_svg)}
                  width={qr.size}
                  height={qr.size}
                  alt={t('qr.imageAlt', { name: qr.store.name })}
                  data-testid="qr-image"
                />
                <Text size="sm" className={classes.url} dir="ltr" data-testid="qr-url">
                  {qr.registration_url}
                </Text>
              </Stack>
            </div>
            <Group className={classes.noPrint} justify="center">
              <CopyValueButton
                value={qr.registration_url}
                label={t('qr.copy')}
                copiedLabel={t('qr.copied')}
              />
              <Button
                variant="light"
                leftSection={<IconDownload size={18} />}
                onClick={() =>
                  downloadBlob(
                    new Blob([qr.qr_code_svg], { type: 'image/svg+xml' }),
                    qrFileName(qr.store.name, qr.store.id),
                  )
                }
              >
                {t('qr.download')}
              </Button>
              <Button variant="light" leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
                {t('qr.print')}
              </Button>
              <Button
                variant="light"
                color="orange"
                leftSection={<IconRefresh size={18} />}
                onClick={() => setAskRotate(true)}
                data-testid="qr-rotate"
              >
                {t('qr.rotate')}
              </Button>
            </Group>
            <details className={classes.noPrint}>
              <summary>
                <Text span size="sm" c="dimmed">
                  {t('qr.debug')}
                </Text>
              </summary>
              <Code block dir="ltr">
                {JSON.stringify(
                  {
                    store: qr.store,
                    size: qr.size,
                    registration_url: qr.registration_url,
                    svg_bytes: qr.qr_code_svg.length,
                  },
                  null,
                  2,
                )}
              </Code>
            </details>
          </Stack>
        </Card>
      )}
      {qr && (
        <ConfirmDialog
          opened={askRotate}
          message={t('qr.rotateConfirm', { name: isolate(qr.store.name) })}
          confirmLabel={t('qr.rotateConfirmLabel')}
          danger
          busy={rotate.isPending}
          onClose={() => setAskRotate(false)}
          onConfirm={() => {
            generate.reset();
            rotate.mutate(
              { store_id: qr.store.id, size: qr.size },
              {
                onSuccess: (fresh) => {
                  setQr(fresh);
                  setAskRotate(false);
                },
                onError: () => setAskRotate(false),
              },
            );
          }}
        />
      )}
    </Stack>
  );
}
