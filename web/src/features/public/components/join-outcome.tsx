import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCircleCheck, IconUserCheck } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The server's two answers to a join, each with its test id, glyph and colour. */
const OUTCOMES = {
  success: { testId: 'join-success', Icon: IconCircleCheck, color: 'teal' },
  alreadyJoined: { testId: 'join-already-member', Icon: IconUserCheck, color: 'brand' },
} as const;

interface JoinOutcomeProps {
  outcome: keyof typeof OUTCOMES;
  /** The store's name, said in the description. */
  store: string;
  /** Opens /check-points with the number filled in (through navigation state, not the URL). */
  phone: string;
  children?: ReactNode;
}

/** What the join form turns into once the server answered: joined, or already a member. */
export function JoinOutcome({ outcome, store, phone, children }: JoinOutcomeProps) {
  const { t } = useTranslation();
  const { testId, Icon, color } = OUTCOMES[outcome];
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    titleRef.current?.focus();
  }, []);
  return (
    <Paper p={{ base: 'lg', sm: 'xl' }} shadow="sm" withBorder data-testid={testId}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" color={color} aria-hidden>
          <Icon size={40} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 30 }} ref={titleRef} tabIndex={-1} style={{ outline: 'none' }}>
          {t(`public.join.${outcome}.title`)}
        </Title>
        <Text size="lg">
          <Trans
            i18nKey={`public.join.${outcome}.description`}
            values={{ store }}
            // The merchant's name, in any script: kept from reordering the sentence.
            components={{ store: <bdi /> }}
          />
        </Text>
        <Button
          component={Link}
          to="/check-points"
          state={{ phone }}
          size="lg"
          fullWidth
          rightSection={<IconArrowRight size={20} className="mirror-in-rtl" aria-hidden />}
        >
          {t(`public.join.${outcome}.checkPoints`)}
        </Button>
        {children}
      </Stack>
    </Paper>
  );
}
