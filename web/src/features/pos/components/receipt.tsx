import { Anchor, Button, CopyButton, Group, SegmentedControl, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCopy, IconPrinter } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { customerDetailQueryOptions } from '@/lib/api/customers';
import type { Customer, InvoiceCreated, NextExpiry } from '@/lib/api/types';
import { formatDateTime, useFormat } from '@/lib/format';
import { useCurrentUser } from '@/lib/session/current-user';
import './receipt-font.css';
import { tierName } from '@/components/tier-badge';
import { ReceiptQr } from './receipt-qr';
import classes from './receipt.module.css';

export interface ReceiptData {
  result: InvoiceCreated;
  /** Null for a sale without a customer (a walk-in): its receipt carries the claim link. */
  customer: Customer | null;
}

/** The link a receipt shares, as a QR code and as text: the customer's page, or a walk-in's claim. */
interface SharedLink {
  kind: 'page' | 'claim';
  url: string;
}

function sharedLink(result: InvoiceCreated): SharedLink | null {
  if (result.claim_url) return { kind: 'claim', url: result.claim_url };
  if (result.customer_page_url) return { kind: 'page', url: result.customer_page_url };
  return null;
}

type Width = '58' | '80';
const WIDTH_KEY = 'loyalty.receiptWidth';
/** The merchant's clock, whatever the till's own time zone (DESIGN.md: "today" is Tripoli's). */
const TIME_ZONE = 'Africa/Tripoli';
/** The page's height when the preview could not be measured: an A4 length of roll. */
const FALLBACK_HEIGHT_MM = 297;
const MM_PER_CSS_PX = 25.4 / 96;

function savedWidth(): Width {
  try {
    return window.localStorage.getItem(WIDTH_KEY) === '58' ? '58' : '80';
  } catch {
    return '80';
  }
}

/** The preview's height as paper: a page as long as the receipt, so a roll is not fed blank. */
function usePaperHeight(width: Width) {
  const ref = useRef<HTMLDivElement>(null);
  const [heightPx, setHeightPx] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Zero while the screen's preview is hidden (as it is on paper): the last length stays.
    const measure = () => {
      if (element.offsetHeight > 0) setHeightPx(element.offsetHeight);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  const heightMm = heightPx > 0 ? Math.ceil(heightPx * MM_PER_CSS_PX) + 2 : FALLBACK_HEIGHT_MM;
  return { ref, heightMm };
}

/**
 * The sale's receipt, in the page's language and direction, for a 58 mm or 80 mm thermal
 * printer (the choice is remembered on this till): the store, the date and time in Tripoli, the
 * invoice, the customer, the total in LYD with three decimals, the points earned, the new balance,
 * the customer's stamps (when the store has a stamp card) and the customer's next points to
 * expire (when the server says some do soon).
 */
export function Receipt({ data }: { data: ReceiptData }) {
  const { t } = useTranslation();
  const format = useFormat();
  const user = useCurrentUser().data;
  const [width, setWidth] = useState<Width>(savedWidth);
  const { ref, heightMm } = usePaperHeight(width);
  // The customer's own answer says which points expire soon; the receipt waits for nothing.
  const expiry = useQuery({
    ...customerDetailQueryOptions(data.customer?.id ?? 0),
    enabled: data.customer !== null,
    select: (detail) => detail.nextExpiry,
  }).data;
  const shared = sharedLink(data.result);
  const previewRef = useRef<HTMLDivElement>(null);

  // Offered after every sale: brought into sight, in a dialog too.
  useEffect(() => {
    previewRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [data]);

  const paper = (
    <ReceiptPaper
      data={data}
      store={user?.store?.name ?? ''}
      expiry={expiry ?? null}
      width={width}
      language={format.language}
    />
  );

  return (
    <Stack gap="xs" data-testid="receipt-panel" ref={previewRef}>
      <Group gap="sm">
        <SegmentedControl
          size="xs"
          value={width}
          onChange={(value) => {
            const next = value === '58' ? '58' : '80';
            setWidth(next);
            try {
              window.localStorage.setItem(WIDTH_KEY, next);
            } catch {
              // Not remembered; still printable.
            }
          }}
          data={[
            { value: '58', label: t('pos.receipt.width', { mm: 58 }) },
            { value: '80', label: t('pos.receipt.width', { mm: 80 }) },
          ]}
          aria-label={t('pos.receipt.paper')}
        />
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => window.print()}
          data-testid="receipt-print-button"
        >
          {t('pos.receipt.print')}
        </Button>
      </Group>
      {shared && (
        // The customer's own page (balances, points expiring, last movements), or the walk-in
        // buyer's claim, to share: the receipt below carries it as a QR code.
        <Group gap="sm" data-testid={shared.kind === 'page' ? 'customer-page-share' : 'claim-share'}>
          <Anchor
            href={shared.url}
            target="_blank"
            rel="noopener"
            data-testid={shared.kind === 'page' ? 'customer-page-link' : 'claim-link'}
          >
            {shared.kind === 'page' ? t('pos.receipt.customerPage') : t('pos.receipt.claimLink')}
          </Anchor>
          <CopyButton value={shared.url}>
            {({ copied, copy }) => (
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconCopy size={14} aria-hidden />}
                onClick={copy}
              >
                {copied ? t('pos.receipt.copied') : t('pos.receipt.copyLink')}
              </Button>
            )}
          </CopyButton>
        </Group>
      )}
      <div ref={ref} className={classes.preview} style={{ inlineSize: 'fit-content' }}>
        <div data-testid="receipt">{paper}</div>
      </div>
      {/* What paper sees: outside the dialog, only in print, a page as long as the receipt. */}
      {createPortal(
        <div className={classes.printRoot} data-receipt-print="" aria-hidden data-testid="receipt-print">
          <style>{`@page { size: ${width}mm ${heightMm}mm; margin: 0; }`}</style>
          {paper}
        </div>,
        document.body,
      )}
    </Stack>
  );
}

interface ReceiptPaperProps {
  data: ReceiptData;
  store: string;
  expiry: NextExpiry | null;
  width: Width;
  language: 'ar' | 'en';
}

function ReceiptPaper({ data, store, expiry, width, language }: ReceiptPaperProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { invoice, points_added: points, customer_total_points: balance, stamps, tier, claim } = data.result;
  const when = formatDateTime(invoice.created_at, language, TIME_ZONE);
  const shared = sharedLink(data.result);
  const row = (label: string, value: ReactNode, options: { figure?: boolean; testId?: string } = {}) => (
    <div className={classes.row} data-testid={options.testId}>
      <span>{label}</span>
      <span className={`${classes.value} ${options.figure ? classes.figure : ''}`}>
        <bdi>{value}</bdi>
      </span>
    </div>
  );
  return (
    <div className={`${classes.paper} ${width === '58' ? classes.w58 : classes.w80}`}>
      <p className={classes.store}>
        <bdi>{store}</bdi>
      </p>
      {row(t('pos.receipt.date'), when)}
      {row(t('pos.receipt.number'), invoice.invoice_id ?? `#${invoice.id}`)}
      {invoice.pos_user && row(t('pos.receipt.cashier'), invoice.pos_user.name)}
      {row(t('pos.receipt.customer'), data.customer ? data.customer.name : t('pos.receipt.noCustomer'))}
      <hr className={classes.rule} />
      <div className={`${classes.row} ${classes.total}`} data-testid="receipt-total">
        <span>{t('pos.receipt.total')}</span>
        <span className={`${classes.value} ${classes.figure}`}>
          <bdi>{format.lyd(invoice.total_cost)}</bdi>
        </span>
      </div>
      <hr className={classes.rule} />
      {/* A walk-in sale gives its points to whoever claims them: no one's balance to print. */}
      {data.customer &&
        row(t('pos.receipt.pointsEarned'), format.points(points), { figure: true, testId: 'receipt-points' })}
      {data.customer &&
        row(t('pos.receipt.balance'), format.points(balance), { figure: true, testId: 'receipt-balance' })}
      {stamps &&
        row(
          t('pos.receipt.stamps'),
          // In words ("2 of 3 stamps"), which read the same way in both directions.
          t('common.stamps.label', {
            count: stamps.count,
            n: format.number(stamps.count),
            required: format.number(stamps.required),
          }),
          { figure: true, testId: 'receipt-stamps' },
        )}
      {tier &&
        row(
          t('pos.receipt.tier'),
          t('pos.receipt.tierValue', {
            name: tierName(tier, language),
            multiplier: format.number(Number(tier.multiplier), { minimumFractionDigits: 1 }),
          }),
          { testId: 'receipt-tier' },
        )}
      {expiry && expiry.points > 0 && (
        <p className={classes.note} data-testid="receipt-expiry">
          {t('expiry.notice', {
            count: expiry.points,
            points: format.points(expiry.points),
            date: format.date(expiry.on),
          })}
        </p>
      )}
      {shared && (
        <div className={classes.qrBlock}>
          <p
            className={classes.note}
            data-testid={shared.kind === 'page' ? 'receipt-page-url' : 'receipt-claim-url'}
          >
            {shared.kind === 'page' ? t('pos.receipt.pageOnline') : t('pos.receipt.claimOnline')}{' '}
            <bdi dir="ltr">{shared.url}</bdi>
          </p>
          {/* What the claim holds and until when, as the server answered it. */}
          {shared.kind === 'claim' && claim && (
            <p className={classes.note} data-testid="receipt-claim-waiting">
              {t('pos.receipt.claimWaiting', {
                count: claim.points,
                points: format.points(claim.points),
                date: format.date(claim.expires_at),
              })}
            </p>
          )}
          <ReceiptQr
            url={shared.url}
            label={shared.kind === 'page' ? t('pos.receipt.pageQr') : t('pos.receipt.claimQr')}
            testId={shared.kind === 'page' ? 'receipt-page-qr' : 'receipt-claim-qr'}
          />
        </div>
      )}
      <p className={classes.thanks}>{t('pos.receipt.thanks')}</p>
    </div>
  );
}
