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
    ['birthday_points', { customers: '2', points: '100' }, '100 birthday points to 2 customers'],
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
    expect(actorlessSource({ kind: 'signal_raised' })).toBe('automatic');
  });

  describe('a fraud signal raised', () => {
    const sales = { signal: 'sales_per_customer', figure: '4', threshold: '3', customer: 'فاطمة الشريف' };
    const voids = { signal: 'void_rate', figure: '2', threshold: '10', out_of: '10', cashier: 'سالم الزوي' };
    const manual = { signal: 'manual_points', figure: '1001', threshold: '1000', cashier: 'سالم الزوي' };

    it.each([
      [sales, '4 sales to فاطمة الشريف (more than 3)'],
      [{ ...sales, figure: '1', threshold: '0' }, '1 sale to فاطمة الشريف (more than 0)'],
      [voids, 'سالم الزوي voided 2 of 10 sales (more than 10 %)'],
      [
        { ...voids, figure: '1', out_of: '1', threshold: '0' },
        'سالم الزوي voided 1 of 1 sale (more than 0 %)',
      ],
      [manual, 'سالم الزوي added 1,001 points by hand (more than 1,000)'],
    ])('reads as the signals panel does, without the day, in English (%o)', (details, expected) => {
      expect(describe_('en', 'signal_raised', details)).toBe(expected);
    });

    it('counts with the Arabic plural forms', () => {
      const sold = (figure: string) => describe_('ar', 'signal_raised', { ...sales, figure });
      expect(sold('1')).toBe('عملية بيع واحدة للعميل فاطمة الشريف (أكثر من 3)');
      expect(sold('2')).toBe('عمليتا بيع للعميل فاطمة الشريف (أكثر من 3)');
      expect(sold('4')).toBe('4 عمليات بيع للعميل فاطمة الشريف (أكثر من 3)');
      expect(sold('11')).toBe('11 عملية بيع للعميل فاطمة الشريف (أكثر من 3)');
      expect(sold('100')).toBe('100 عملية بيع للعميل فاطمة الشريف (أكثر من 3)');
      // A void rate is counted by the cashier's sales that day.
      const voided = (out_of: string) => describe_('ar', 'signal_raised', { ...voids, out_of });
      expect(voided('2')).toBe('ألغى سالم الزوي 2 من عمليتي بيع (أكثر من 10 %)');
      expect(voided('10')).toBe('ألغى سالم الزوي 2 من 10 عمليات بيع (أكثر من 10 %)');
      expect(voided('12')).toBe('ألغى سالم الزوي 2 من 12 عملية بيع (أكثر من 10 %)');
      const added = (figure: string) => describe_('ar', 'signal_raised', { ...manual, figure });
      expect(added('1001')).toBe('أضاف سالم الزوي 1,001 نقطة يدويًا (أكثر من 1,000)');
      expect(added('2')).toBe('أضاف سالم الزوي نقطتين يدويًا (أكثر من 1,000)');
      expect(added('5')).toBe('أضاف سالم الزوي 5 نقاط يدويًا (أكثر من 1,000)');
    });

    it('reads as the generic sentence when its facts are missing or its kind is unknown', () => {
      expect(describe_('en', 'signal_raised', { signal: 'something_new', figure: '4', threshold: '3' })).toBe(
        'Activity recorded',
      );
      expect(describe_('en', 'signal_raised', { signal: 'sales_per_customer' })).toBe('Activity recorded');
    });
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
