import { describe, expect, it } from 'vitest';
import { formatLyd, formatPoints } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { activityInfo, actorlessSource, describeActivity } from '@/lib/activity-description';
import type { components } from '@/lib/api/schema';

type ActivityEntry = components['schemas']['ActivityEntryDto'];

const strip = (text: string) => text.replace(/[\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ');

function describe_(language: 'en' | 'ar', kind: string, details: Record<string, string>) {
  const t = i18n.getFixedT(language);
  const format = {
    lyd: (amount: string) => formatLyd(amount, language),
    points: (p: number) => formatPoints(p, language),
  };
  // A kind this build does not know (a newer server) is still shown: the cast lets the test send one.
  return strip(describeActivity({ kind: kind as ActivityEntry['kind'], details }, t, format));
}

describe('activity descriptions', () => {
  it.each([
    [
      'invoice_created',
      { customer: 'Fatima', total: '18.250', points: '18' },
      'Invoice for Fatima: LYD 18.250, 18 points earned',
    ],
    ['invoice_voided', { customer: 'Fatima', reason: 'typo' }, 'Invoice for Fatima voided'],
    [
      'redemption_created',
      { customer: 'Aisha', reward: '10% off', points: '120' },
      'Aisha redeemed 10% off for 120 points',
    ],
    [
      'redemption_created',
      { customer: 'Aisha', value: '16.650', points: '333' },
      'Aisha used 333 points for a discount of LYD 16.650',
    ],
    ['customer_created', { customer: 'Omar', source: 'qr' }, 'New customer Omar added'],
    ['customer_updated', { customer: 'Omar' }, 'Customer Omar updated'],
    ['customer_deleted', { customer: 'Omar' }, 'Customer Omar deleted'],
    ['points_added', { customer: 'Huda', points: '10', reason: 'Gift' }, '10 points added to Huda'],
    ['points_expired', { customers: '3', points: '1250' }, '1,250 points of 3 customers expired'],
    ['points_expired', { customers: '1', points: '120' }, '120 points of 1 customer expired'],
    ['something_new', {}, 'Activity recorded'],
  ])('describes %s', (kind, details, expected) => {
    expect(describe_('en', kind, details)).toBe(expected);
  });

  it('speaks Arabic', () => {
    expect(describe_('ar', 'points_added', { customer: 'هدى', points: '10' })).toBe('أُضيفت 10 نقطة إلى هدى');
    expect(describe_('ar', 'customer_deleted', { customer: 'عمر' })).toBe('حُذف العميل عمر');
    expect(describe_('ar', 'redemption_created', { customer: 'عائشة', value: '16.650', points: '333' })).toBe(
      'استخدم عائشة 333 نقطة خصمًا بقيمة 16.650 د.ل.',
    );
  });

  it('counts the customers whose points expired with Arabic plural forms', () => {
    const expired = (customers: string) => describe_('ar', 'points_expired', { customers, points: '1250' });
    expect(expired('1')).toBe('انتهت صلاحية 1,250 نقطة لدى عميل واحد');
    expect(expired('2')).toBe('انتهت صلاحية 1,250 نقطة لدى عميلين');
    expect(expired('3')).toBe('انتهت صلاحية 1,250 نقطة لدى 3 عملاء');
    expect(expired('11')).toBe('انتهت صلاحية 1,250 نقطة لدى 11 عميلاً');
    expect(expired('1200')).toBe('انتهت صلاحية 1,250 نقطة لدى 1,200 عميل');
  });

  it('tells a customer’s own sign-up from the product’s own change when no one made it', () => {
    expect(actorlessSource({ kind: 'customer_created' })).toBe('self');
    expect(actorlessSource({ kind: 'points_expired' })).toBe('automatic');
  });

  it('isolates names so they keep their own direction', () => {
    const t = i18n.getFixedT('en');
    const text = describeActivity({ kind: 'customer_updated', details: { customer: 'فاطمة' } }, t, {
      lyd: String,
      points: String,
    });
    expect(text).toContain('\u2068فاطمة\u2069');
  });

  it('puts invoice number, reason and source in the additional info', () => {
    const t = i18n.getFixedT('en');
    expect(activityInfo({ details: { invoice_number: 'INV-1', reason: 'typo' } }, t)).toBe(
      'Invoice #INV-1 · Reason: typo',
    );
    expect(activityInfo({ details: { source: 'qr' } }, t)).toBe('Joined by QR code');
    expect(activityInfo({ details: {} }, t)).toBe('');
  });
});
