import { Notification, Portal, Stack } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { dismissToast, useToasts } from '@/lib/toasts';
import classes from './toast-viewport.module.css';

const ICONS = { green: IconCheck, red: IconAlertCircle, blue: IconInfoCircle } as const;

/** Where `showToast` messages appear: a bottom corner, above modals, announced politely. */
export function ToastViewport() {
  const toasts = useToasts();
  const { t } = useTranslation();
  return (
    <Portal>
      <Stack className={classes.viewport} gap="sm" aria-live="polite" data-testid="toasts">
        {toasts.map((toast) => {
          const ToastIcon = ICONS[toast.color];
          return (
            <Notification
              key={toast.id}
              color={toast.color}
              title={toast.title}
              icon={<ToastIcon size={20} aria-hidden />}
              onClose={() => dismissToast(toast.id)}
              closeButtonProps={{ 'aria-label': t('common.close') }}
              withBorder
              role="status"
              className={classes.toast}
            >
              {toast.message}
            </Notification>
          );
        })}
      </Stack>
    </Portal>
  );
}
