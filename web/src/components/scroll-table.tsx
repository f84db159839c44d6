import { Group, Text } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './scroll-table.module.css';

/**
 * A table wider than the screen (a 390 px phone): it scrolls sideways inside its own frame,
 * and a line above it says so while part of it is out of sight. The frame is focusable, so a
 * keyboard scrolls it too.
 */
export function ScrollTable({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [atEnd, setAtEnd] = useState(false);

  useEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const measure = () => {
      setOverflows(element.scrollWidth > element.clientWidth + 1);
      // scrollLeft runs negative in right-to-left pages.
      setAtEnd(Math.abs(element.scrollLeft) + element.clientWidth >= element.scrollWidth - 1);
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, []);

  return (
    <div>
      {overflows && (
        <Group gap={6} mb={6} c="dimmed" data-testid="scroll-hint">
          <IconArrowsHorizontal size={16} aria-hidden />
          <Text size="xs">{t('common.scrollHint')}</Text>
        </Group>
      )}
      <div
        ref={frame}
        className={classes.frame}
        data-more={(overflows && !atEnd) || undefined}
        tabIndex={overflows ? 0 : undefined}
        role={overflows ? 'region' : undefined}
        aria-label={overflows ? (label ?? t('common.scrollHint')) : undefined}
      >
        <div style={{ minWidth }}>{children}</div>
      </div>
    </div>
  );
}
