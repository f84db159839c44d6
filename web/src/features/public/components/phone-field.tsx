import { Trans, useTranslation } from 'react-i18next';
import classes from './ltr-field.module.css';
import { PublicField } from './public-field';

interface PhoneFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * The customer's phone, in any form the server accepts (0912345678, 091-234-5678,
 * +218 91 234 5678, 00218912345678 or international).
 */
export function PhoneField(props: PhoneFieldProps) {
  const { t } = useTranslation();
  return (
    <PublicField
      field="phone"
      label={t('public.phone.label')}
      description={
        <Trans
          i18nKey="public.phone.hint"
          components={{ ltr: <bdi dir="ltr" className={classes.nowrap} /> }}
        />
      }
      placeholder={t('public.phone.placeholder')}
      {...props}
    />
  );
}
