import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function InvalidRoleNotice() {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={22} />}
      title={t('dashboard.invalidRole.title')}
      role="alert"
    >
      {t('dashboard.invalidRole.description')}
    </Alert>
  );
}
