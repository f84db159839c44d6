import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertCircle, type Icon } from '@tabler/icons-react';

interface NoticeProps extends Omit<AlertProps, 'icon' | 'variant'> {
  /** The notice's glyph (decorative: the words say it all). */
  icon?: Icon;
  iconSize?: number;
  role?: 'alert' | 'status';
  closeButtonLabel?: string;
  'data-testid'?: string;
  'data-band'?: string;
}

/** The app's notice on a page or in a form: a light-coloured box with its glyph. */
export function Notice({ icon: Glyph, iconSize = 20, ...alert }: NoticeProps) {
  return <Alert variant="light" icon={Glyph && <Glyph size={iconSize} aria-hidden />} {...alert} />;
}

/** Something went wrong: said at once to assistive technology. */
export function ErrorNotice(props: Omit<NoticeProps, 'color' | 'icon' | 'role'>) {
  return <Notice color="red" icon={IconAlertCircle} role="alert" {...props} />;
}
