import { ActionIcon, Button, type MantineBreakpoint } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, type Language } from '@/lib/i18n';

interface LanguageSwitcherProps {
  /** Icon only (narrow screens); still named after the target language for assistive tech. */
  compact?: boolean;
  visibleFrom?: MantineBreakpoint;
  hiddenFrom?: MantineBreakpoint;
}

/** Toggles between Arabic and English; it is named after the language it switches to. */
export function LanguageSwitcher({ compact = false, ...responsive }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation();
  const target: Language = i18n.language === 'ar' ? 'en' : 'ar';
  const targetName = t(`language.names.${target}`);
  const common = {
    onClick: () => void changeLanguage(target),
    title: t('language.switchTo', { language: targetName }),
    'data-testid': 'language-switcher',
  };

  if (compact) {
    return (
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={targetName} {...common} {...responsive}>
        <IconLanguage size={20} />
      </ActionIcon>
    );
  }
  return (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconLanguage size={18} aria-hidden />}
      lang={target}
      {...common}
      {...responsive}
    >
      {targetName}
    </Button>
  );
}
