import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/notice';

export function InvalidRoleNotice() {
  const { t } = useTranslation();
  return (
    <Notice
      color="red"
      iconSize={22}
      icon={IconAlertTriangle}
      title={t('dashboard.invalidRole.title')}
      role="alert"
    >
      {t('dashboard.invalidRole.description')}
    </Notice>
  );
}
