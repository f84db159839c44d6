import { IconPhone } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import classes from './ltr-field.module.css';
import { LtrTextInput } from './ltr-text-input';

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
export function PhoneField({ value, onChange, error, disabled }: PhoneFieldProps) {
  const { t } = useTranslation();
  return (
    <LtrTextInput
      label={t('public.phone.label')}
      description={
        <Trans
          i18nKey="public.phone.hint"
          components={{ ltr: <bdi dir="ltr" className={classes.nowrap} /> }}
        />
      }
      placeholder={t('public.phone.placeholder')}
      name="phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      size="lg"
      icon={<IconPhone size={20} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      disabled={disabled}
    />
  );
}
