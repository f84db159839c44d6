import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_ID } from '@/components/skip-link';

export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Center component="main" id={MAIN_ID} tabIndex={-1} mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <IconAlertTriangle size={48} color="var(--mantine-color-red-8)" aria-hidden />
        <Title order={1} size="h2">
          {t('errorPage.title')}
        </Title>
        <Text c="dimmed">{t('errorPage.description')}</Text>
        <Button onClick={() => window.location.reload()}>{t('errorPage.reload')}</Button>
      </Stack>
    </Center>
  );
}

interface RouteErrorBoundaryProps {
  /** The current path: going to another page clears the error. */
  pathname: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  failed: boolean;
  pathname: string;
}

/** Shows the error page in place of a page that failed to render or to load its code. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  state: RouteErrorBoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<RouteErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
