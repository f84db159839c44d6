import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { ownerRoutes, store } from './fixtures';

function qrAnswer(token: string) {
  return json({
    data: {
      qr_code_svg: `<svg xmlns="http://www.w3.org/2000/svg"><title>${token}</title></svg>`,
      registration_url: `http://127.0.0.1:8080/join/${token}`,
      size: 200,
      store: { id: store.id, name: store.name },
    },
  });
}

describe('QR tab', () => {
  it.each(['en', 'ar'] as const)(
    'makes a new join link only after saying the old one stops (%s)',
    async (language) => {
      await i18n.changeLanguage(language);
      window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
      const api = mockApi(
        ownerRoutes({
          'POST /api/v1/qr-code/generate': () => qrAnswer('old-token'),
          'POST /api/v1/qr-code/rotate': () => qrAnswer('new-token'),
        }),
      );
      const app = renderApp('/dashboard?tab=qr');
      const generate = language === 'en' ? 'Generate QR Code' : 'إنشاء رمز QR';
      await app.user.click(await screen.findByRole('button', { name: generate }));
      expect(await screen.findByTestId('qr-url')).toHaveTextContent('/join/old-token');

      await app.user.click(screen.getByTestId('qr-rotate'));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent(
        language === 'en' ? 'every printed QR code of it stop working at once' : 'يتوقف الرابط الحالي',
      );
      // Going back changes nothing.
      await app.user.click(
        within(dialog).getByRole('button', { name: language === 'en' ? 'Go back' : 'تراجع' }),
      );
      expect(api.requestsTo('POST /api/v1/qr-code/rotate')).toHaveLength(0);
      expect(screen.getByTestId('qr-url')).toHaveTextContent('/join/old-token');

      await app.user.click(screen.getByTestId('qr-rotate'));
      await app.user.click(await screen.findByTestId('confirm-button'));
      expect(await screen.findByTestId('qr-rotated')).toBeInTheDocument();
      expect(screen.getByTestId('qr-url')).toHaveTextContent('/join/new-token');
      const sent = api.requestsTo('POST /api/v1/qr-code/rotate');
      expect(sent).toHaveLength(1);
      expect(await sent[0]!.clone().json()).toEqual({ store_id: store.id, size: 200 });
    },
  );
});
