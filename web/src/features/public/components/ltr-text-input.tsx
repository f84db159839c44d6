import { TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRtl } from '@/lib/i18n';
import classes from './ltr-field.module.css';

interface LtrTextInputProps extends Omit<TextInputProps, 'dir' | 'leftSection' | 'rightSection'> {
  /** Shown at the page's start side, as on the other fields. */
  icon?: ReactNode;
}

/**
 * A text input whose value reads left to right in every language (phone numbers, emails):
 * "+218 91 234 5678" must never be reordered by the Arabic text around it.
 */
export function LtrTextInput({ icon, classNames, ...props }: LtrTextInputProps) {
  const { i18n } = useTranslation();
  // The input box is LTR, so the page's start side is its right in Arabic.
  const section = isRtl(i18n.language)
    ? { rightSection: icon, rightSectionPointerEvents: 'none' as const }
    : { leftSection: icon, leftSectionPointerEvents: 'none' as const };
  return (
    <TextInput
      {...props}
      {...section}
      dir="ltr"
      classNames={{ input: classes.input, ...(typeof classNames === 'object' ? classNames : {}) }}
    />
  );
}
