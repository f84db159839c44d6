import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { ExpiryNotice } from '@/components/expiry-notice';
import type { NextExpiry } from '@/lib/api/types';
import { i18n } from '@/lib/i18n';
import { lazyQueryClient } from '@/lib/lazy-query-client';

/** Text without the bidi marks Intl and the app put around numbers and dates. */
const plain = (text: string | null) => (text ?? '').replace(/[\u200e\u200f\u2066-\u2069]/g, '');

function renderNotice(expiry: NextExpiry | null) {
  const client = lazyQueryClient(() => Promise.resolve(createQueryClient()));
  return render(
    <AppProviders queryClient={client} env="test">
      <ExpiryNotice expiry={expiry} />
    </AppProviders>,
  );
}

// A device west of Greenwich: there `new Date("2027-01-01")` (midnight UTC) is still 31 December.
beforeEach(() => {
  vi.stubEnv('TZ', 'America/Los_Angeles');
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('expiry notice', () => {
  it('the time zone really is west of Greenwich (else the tests below prove nothing)', () => {
    expect(new Date('2027-01-01').getDate()).toBe(31);
  });

  it('says how many points expire and on which day, the day not shifted by the time zone', async () => {
    await i18n.changeLanguage('en');
    renderNotice({ points: 1200, on: '2027-01-01' });
    expect(plain(screen.getByTestId('expiry-notice').textContent)).toBe(
      '1,200 points usable through Jan 1, 2027, then they expire',
    );
  });

  it('keeps the day east of Greenwich too', async () => {
    vi.stubEnv('TZ', 'Pacific/Kiritimati');
    await i18n.changeLanguage('en');
    renderNotice({ points: 120, on: '2026-12-31' });
    expect(plain(screen.getByTestId('expiry-notice').textContent)).toBe(
      '120 points usable through Dec 31, 2026, then they expire',
    );
  });

  it('speaks Arabic with its plural forms and the app’s date format', async () => {
    await i18n.changeLanguage('ar');
    const { rerender } = renderNotice({ points: 120, on: '2027-01-01' });
    expect(plain(screen.getByTestId('expiry-notice').textContent)).toBe(
      '120 نقطة صالحة حتى نهاية 01/01/2027، ثم تنتهي صلاحيتها',
    );
    const client = lazyQueryClient(() => Promise.resolve(createQueryClient()));
    const at = (expiry: NextExpiry) =>
      rerender(
        <AppProviders queryClient={client} env="test">
          <ExpiryNotice expiry={expiry} />
        </AppProviders>,
      );
    at({ points: 2, on: '2027-01-01' });
    expect(plain(screen.getByTestId('expiry-notice').textContent)).toBe(
      'نقطتان صالحتان حتى نهاية 01/01/2027، ثم تنتهي صلاحيتهما',
    );
    at({ points: 5, on: '2027-01-01' });
    expect(plain(screen.getByTestId('expiry-notice').textContent)).toBe(
      '5 نقاط صالحة حتى نهاية 01/01/2027، ثم تنتهي صلاحيتها',
    );
    at({ points: 1, on: '2027-01-01' });
    expect(plain(screen.getByTestId('expiry-notice').textContent)).toBe(
      'نقطة واحدة صالحة حتى نهاية 01/01/2027، ثم تنتهي صلاحيتها',
    );
  });

  it('uses the singular for one point in English', async () => {
    await i18n.changeLanguage('en');
    renderNotice({ points: 1, on: '2027-03-01' });
    expect(plain(screen.getByTestId('expiry-notice').textContent)).toBe(
      '1 point usable through Mar 1, 2027, then it expires',
    );
  });

  it('shows nothing when no points expire soon', () => {
    renderNotice(null);
    expect(screen.queryByTestId('expiry-notice')).not.toBeInTheDocument();
  });
});
