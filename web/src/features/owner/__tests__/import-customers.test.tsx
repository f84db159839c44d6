import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { ImportReport } from '../api/imports';
import { ownerRoutes, store } from './fixtures';

function report(dryRun: boolean): ImportReport {
  return {
    store: { id: store.id, name: store.name },
    dry_run: dryRun,
    rows: 3,
    new: 1,
    existing: 1,
    invalid: 1,
    imported: dryRun ? 0 : 1,
    imported_points: dryRun ? 0 : 250,
    lines: [
      { line: 2, outcome: 'new', name: 'Salma', phone: '+218913000101', points: 250 },
      { line: 3, outcome: 'existing', name: 'Fatima', phone: '+218912345678', points: 0 },
      {
        line: 4,
        outcome: 'invalid',
        name: '',
        phone: '0913000102',
        points: 0,
        errors: { name: ['Customer name is required'] },
      },
    ],
  };
}

/** The format as the server describes it (a part of its lists). */
const importFormat = {
  max_rows: 100000,
  max_bytes: 16777216,
  columns: [
    {
      field: 'name',
      required: true,
      headings_en: ['name', 'customer name'],
      headings_ar: ['الاسم', 'اسم الزبون'],
    },
    {
      field: 'phone',
      required: true,
      headings_en: ['phone', 'mobile'],
      headings_ar: ['الهاتف', 'رقم الهاتف'],
    },
    { field: 'email', required: false, headings_en: ['email'], headings_ar: ['البريد الإلكتروني'] },
    {
      field: 'points',
      required: false,
      headings_en: ['points', 'balance'],
      headings_ar: ['النقاط', 'الرصيد'],
    },
  ],
};

describe('Import customers', () => {
  it('lists the headings the server reads, its language first, and downloads the template', async () => {
    await i18n.changeLanguage('ar');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    const template = '\u{feff}الاسم,الهاتف,البريد الإلكتروني,النقاط\r\n';
    const api = mockApi(
      ownerRoutes({
        'GET /api/v1/imports/customers/format': () => json({ data: importFormat }),
        'GET /api/v1/imports/customers/template': () =>
          new Response(template, {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="customers-template-ar.csv"',
            },
          }),
      }),
    );
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:template';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const app = renderApp('/dashboard?tab=exports');
    const card = await screen.findByTestId('import-customers');
    expect(within(card).getByTestId('import-expiry-note')).toHaveTextContent('يوم الاستيراد');
    await app.user.click(within(card).getByRole('button', { name: 'الأعمدة والعناوين التي تُقرأ' }));
    const table = await within(card).findByTestId('import-headings-table');
    const phone = table.querySelector('[data-field="phone"]') as HTMLElement;
    expect(phone).toHaveTextContent('مطلوب');
    // Arabic headings before the English ones on the Arabic screen.
    expect(phone.textContent?.indexOf('رقم الهاتف')).toBeLessThan(phone.textContent?.indexOf('mobile') ?? 0);
    expect(table.querySelector('[data-field="email"]')).toHaveTextContent('اختياري');

    await app.user.click(within(card).getByTestId('import-template'));
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(api.requestsTo('GET /api/v1/imports/customers/template')[0]?.headers.get('Accept-Language')).toBe(
      'ar',
    );
    // The bytes as the server sent them, the byte-order mark Excel needs included.
    const bytes = new Uint8Array((await created[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(Array.from(bytes)).toEqual(Array.from(new TextEncoder().encode(template)));
  });

  it('checks the file first, then imports the new rows with the file as it is', async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    const api = mockApi(
      ownerRoutes({
        'POST /api/v1/imports/customers': (request) => {
          const dryRun = new URL(request.url).searchParams.get('dry_run') === 'true';
          return json({ data: report(dryRun) }, dryRun ? 200 : 201);
        },
      }),
    );
    const app = renderApp('/dashboard?tab=exports');
    const card = await screen.findByTestId('import-customers');
    const file = new File(['Name,Phone,Points\nSalma,0913000101,250\n'], 'customers.csv', {
      type: 'text/csv',
    });
    const input = card.querySelector('input[type="file"]') as HTMLInputElement;
    await app.user.upload(input, file);
    await app.user.click(within(card).getByTestId('import-check'));

    expect(await within(card).findByTestId('import-new')).toHaveTextContent('1 new');
    expect(within(card).getByTestId('import-existing')).toHaveTextContent('1 already a customer');
    expect(within(card).getByTestId('import-problems')).toHaveTextContent('Customer name is required');
    const [check] = api.requestsTo('POST /api/v1/imports/customers');
    expect(new URL(check!.url).searchParams.get('dry_run')).toBe('true');
    expect(new URL(check!.url).searchParams.get('store_id')).toBe(String(store.id));
    expect(check!.headers.get('Content-Type')).toBe('text/csv');
    // The file's bytes themselves go as the body (jsdom cannot read a File back; the e2e test does).

    await app.user.click(within(card).getByTestId('import-run'));
    expect(await within(card).findByTestId('import-done')).toHaveTextContent('Imported 1 customer');
    const sent = api.requestsTo('POST /api/v1/imports/customers');
    expect(sent).toHaveLength(2);
    expect(new URL(sent[1]!.url).searchParams.get('dry_run')).toBe('false');
  });

  it.each([
    [
      'en',
      'Imported balances count as earned on the import day: if your points expire, their expiry clock starts that day, whatever their age in the old system.',
    ],
    [
      'ar',
      'تُحتسب الأرصدة المستوردة كأنها اكتُسبت يوم الاستيراد: إن كانت نقاطك تنتهي صلاحيتها، تبدأ مدة صلاحيتها من ذلك اليوم، مهما كان عمرها في النظام القديم.',
    ],
  ] as const)(
    'says imported balances start their expiry clock on the import day (%s)',
    async (language, note) => {
      await i18n.changeLanguage(language);
      window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
      mockApi(ownerRoutes());
      renderApp('/dashboard?tab=exports');
      const card = await screen.findByTestId('import-customers');
      expect(within(card).getByTestId('import-expiry-note')).toHaveTextContent(note);
    },
  );

  it('shows the server’s reason a file cannot be read under the file field (ar)', async () => {
    await i18n.changeLanguage('ar');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    const message = 'يجب أن يحتوي الصف الأول من الملف على عمود للاسم وعمود للهاتف';
    mockApi(
      ownerRoutes({
        'POST /api/v1/imports/customers': () =>
          json(
            {
              message: 'البيانات المدخلة غير صحيحة.',
              code: 'validation_failed',
              errors: { file: [message] },
            },
            422,
          ),
      }),
    );
    const app = renderApp('/dashboard?tab=exports');
    const card = await screen.findByTestId('import-customers');
    const input = card.querySelector('input[type="file"]') as HTMLInputElement;
    await app.user.upload(input, new File(['email\na@b.ly\n'], 'x.csv', { type: 'text/csv' }));
    await app.user.click(within(card).getByTestId('import-check'));
    expect(await within(card).findByText(message)).toBeInTheDocument();
    expect(within(card).queryByTestId('import-run')).not.toBeInTheDocument();
  });
});
