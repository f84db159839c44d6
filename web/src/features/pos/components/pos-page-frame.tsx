import { Button, Card, Center, Container, Loader, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { customerDetailQueryOptions, parseCustomerId } from '@/lib/api/customers';
import type { Customer } from '@/lib/api/types';
import { Notice } from '@/components/notice';

interface PosPageFrameProps {
  title: string;
  testId: string;
  /** Renders the form once the `?customer_id=` customer (if any) is known. */
  children: (customer: Customer | null) => ReactNode;
}

/** A POS form as a page of its own, opened with `?customer_id=` from the customer page. */
export function PosPageFrame({ title, testId, children }: PosPageFrameProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const customerId = parseCustomerId(params.get('customer_id'));
  const customer = useQuery({ ...customerDetailQueryOptions(customerId ?? 0), enabled: customerId !== null });
  const backTo = customerId !== null ? `/customer/${customerId}` : '/dashboard';

  let body: ReactNode;
  if (customerId !== null && customer.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  } else {
    const missing = (params.has('customer_id') && customerId === null) || customer.isError;
    body = (
      <Stack gap="md">
        {missing && (
          <Notice color="yellow" icon={IconAlertTriangle}>
            {t('pos.page.customerMissing')}
          </Notice>
        )}
        {/* Keyed so the form starts over when the preselected customer arrives or changes. */}
        <div key={customer.data?.customer.id ?? 'none'}>{children(customer.data?.customer ?? null)}</div>
      </Stack>
    );
  }

  return (
    <Container size="md" py="xl" data-testid={testId}>
      <Stack gap="lg">
        <Button
          component={Link}
          to={backTo}
          variant="subtle"
          w="fit-content"
          leftSection={<IconArrowLeft size={18} className="mirror-in-rtl" aria-hidden />}
        >
          {customerId !== null ? t('pos.page.backToCustomer') : t('pos.page.backToDashboard')}
        </Button>
        <Card padding="xl" shadow="xs">
          <Stack gap="lg">
            <Title order={1} fz={26}>
              {title}
            </Title>
            {body}
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
