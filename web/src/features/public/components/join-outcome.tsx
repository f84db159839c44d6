import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';

interface JoinOutcomeProps {
  icon: ReactNode;
  color: string;
  title: ReactNode;
  description: ReactNode;
  /** Opens /check-points with the number filled in (through navigation state, not the URL). */
  checkPointsLabel: string;
  phone: string;
  children?: ReactNode;
  testId: string;
}

/** What the join form turns into once the server answered: joined, or already a member. */
export function JoinOutcome({
  icon,
  color,
  title,
  description,
  checkPointsLabel,
  phone,
  children,
  testId,
}: JoinOutcomeProps) {
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    titleRef.current?.focus();
  }, []);
  return (
    <Paper p={{ base: 'lg', sm: 'xl' }} shadow="sm" withBorder data-testid={testId}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 30 }} ref={titleRef} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Title>
        <Text size="lg">{description}</Text>
        <Button
          component={Link}
          to="/check-points"
          state={{ phone }}
          size="lg"
          fullWidth
          rightSection={<IconArrowRight size={20} className="mirror-in-rtl" aria-hidden />}
        >
          {checkPointsLabel}
        </Button>
        {children}
      </Stack>
    </Paper>
  );
}
