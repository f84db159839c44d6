import {
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconCake,
  IconGift,
  IconHistory,
  IconMail,
  IconPencil,
  IconPhone,
  IconPlus,
  IconReceipt2,
  IconUserCheck,
  IconUserQuestion,
  type Icon,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ExpiryNotice } from '@/components/expiry-notice';
import { Ltr } from '@/components/ltr';
import { messageOf } from '@/lib/api/errors';
import { customerDetailQueryOptions, parseCustomerId } from '@/lib/api/customers';
import type { Customer, CustomerDetail, Invoice, NextExpiry } from '@/lib/api/types';
import { initialsOf, useFormat } from '@/lib/format';
import { usePermissions } from '@/lib/session/permissions';
import { useConfirmJoin } from './api/confirm-join';
import { useCustomerActivity } from './api/customer-activity';
import { AddPointsDialog } from './components/add-points-dialog';
import { CustomerActivityList } from './components/customer-activity-list';
import { CustomerDialog } from './components/customer-dialog';
import { CustomerMessagesPanel } from './components/customer-messages-panel';
import { CustomerTierPanel } from './components/customer-tier-panel';
import { LoyaltyStatistics } from './components/loyalty-statistics';
import { usePointsBalance } from './components/points-balance';
import { ReturnInvoiceDialog } from './components/return-invoice-dialog';
import { StampCardPanel } from './components/stamp-card-panel';
import { VoidInvoiceDialog } from './components/void-invoice-dialog';
import { useGoBack } from './use-go-back';
import { Notice } from '@/components/notice';

/** /customer/:id: profile, recent activity, loyalty statistics and quick actions. */
export function CustomerDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = parseCustomerId(params.id);
  const detail = useQuery({ ...customerDetailQueryOptions(id ?? 0), enabled: id !== null });
  const goBack = useGoBack('/dashboard');
  const [dialog, setDialog] = useState<'edit' | 'points' | null>(null);
  const [toVoid, setToVoid] = useState<Invoice | null>(null);
  const [toReturn, setToReturn] = useState<Invoice | null>(null);
  const { can } = usePermissions();

  if (id !== null && detail.isPending) {
    return (
      <Center mih="60vh" role="status">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed">{t('customers.detail.loading')}</Text>
        </Stack>
      </Center>
    );
  }

  // Spec section 8: a failed customer load shows the not-found state.
  if (id === null || !detail.data) {
    return (
      <Container size="sm" py="xl">
        <Card padding="xl" shadow="xs" data-testid="customer-not-found">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
              <IconUserQuestion size={36} />
            </ThemeIcon>
            <Title order={1} fz={24}>
              {t('customers.detail.notFoundTitle')}
            </Title>
            <Text c="dimmed">{t('customers.detail.notFoundDescription')}</Text>
            <Button
              onClick={goBack}
              leftSection={<IconArrowLeft size={18} className="mirror-in-rtl" aria-hidden />}
            >
              {t('customers.detail.goBack')}
            </Button>
          </Stack>
        </Card>
      </Container>
    );
  }

  const { customer, statistics, nextExpiry, stamps, tier } = detail.data;

  return (
    <Container size="xl" py="xl" data-testid="customer-detail">
      <Stack gap="lg">
        <Group justify="space-between" gap="sm">
          <Button
            variant="subtle"
            onClick={goBack}
            leftSection={<IconArrowLeft size={18} className="mirror-in-rtl" aria-hidden />}
          >
            {t('customers.detail.back')}
          </Button>
          <Group gap="sm">
            {can('manage_customers') && (
              <Button
                variant="default"
                leftSection={<IconPencil size={18} aria-hidden />}
                onClick={() => setDialog('edit')}
              >
                {t('customers.detail.edit')}
              </Button>
            )}
            {can('add_points') && (
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setDialog('points')}>
                {can('remove_points')
                  ? t('customers.addPoints.titleAdjust')
                  : t('customers.detail.addPoints')}
              </Button>
            )}
          </Group>
        </Group>

        <ProfileCard customer={customer} nextExpiry={nextExpiry} />
        {tier && <CustomerTierPanel tier={tier} />}
        {stamps.map((card) => (
          <StampCardPanel key={card.store_id} customerId={customer.id} stamps={card} />
        ))}

        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
            <Stack gap="lg">
              <RecentActivityCard customerId={customer.id} onVoid={setToVoid} onReturn={setToReturn} />
              <CustomerMessagesPanel
                customerId={customer.id}
                consents={customer.consents}
                canEdit={can('manage_customers')}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
            <Stack gap="lg">
              <LoyaltyStatistics statistics={statistics} />
              <QuickActions customerId={customer.id} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>

      <CustomerDialog opened={dialog === 'edit'} customer={customer} onClose={() => setDialog(null)} />
      <AddPointsDialog opened={dialog === 'points'} customer={customer} onClose={() => setDialog(null)} />
      <VoidInvoiceDialog invoice={toVoid} onClose={() => setToVoid(null)} />
      <ReturnInvoiceDialog invoice={toReturn} onClose={() => setToReturn(null)} />
    </Container>
  );
}

function ProfileCard({
  customer,
  nextExpiry,
}: {
  customer: CustomerDetail['customer'];
  nextExpiry: NextExpiry | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const balance = usePointsBalance();
  return (
    <Card padding="xl" shadow="xs" data-testid="customer-profile">
      <Group justify="space-between" align="flex-start" gap="lg">
        <Group gap="lg" wrap="nowrap" miw={0}>
          <Avatar color="brand" variant="filled" radius="xl" size={72} aria-hidden>
            <Text fz={26} fw={700} c="white">
              {initialsOf(customer.name)}
            </Text>
          </Avatar>
          <Stack gap={4} miw={0}>
            <Title order={1} fz={{ base: 22, sm: 28 }}>
              <bdi>{customer.name}</bdi>
            </Title>
            <Text c="dimmed" size="sm">
              {t('customers.detail.customerId', { id: customer.id })}
            </Text>
          </Stack>
        </Group>
        <Stack gap={2} align="center">
          <Badge
            tt="none"
            size="xl"
            variant="filled"
            radius="md"
            color={customer.points_owed > 0 ? 'orange.9' : undefined}
            data-testid="customer-points"
          >
            {balance(customer)}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('customers.detail.pointsBalance')}
          </Text>
        </Stack>
      </Group>
      <ExpiryNotice expiry={nextExpiry} mt="md" />
      {customer.unconfirmed_join && <ConfirmJoin customer={customer} />}
      <Group gap="xl" mt="lg">
        <ContactRow icon={IconMail} label={t('customers.fields.email')}>
          {customer.email ? <Ltr>{customer.email}</Ltr> : t('common.notProvided')}
        </ContactRow>
        <ContactRow icon={IconPhone} label={t('customers.fields.phone')}>
          {customer.phone ? <Ltr>{format.phone(customer.phone)}</Ltr> : t('common.notProvided')}
        </ContactRow>
        <ContactRow icon={IconCake} label={t('customers.fields.birthday')}>
          <span data-testid="customer-birthday">
            {customer.birthday ? format.birthday(customer.birthday) : t('common.notProvided')}
          </span>
        </ContactRow>
      </Group>
    </Card>
  );
}

/** Joined by the store's link: the cashier asks for the name on the phone, then confirms. */
function ConfirmJoin({ customer }: { customer: CustomerDetail['customer'] }) {
  const { t } = useTranslation();
  const confirm = useConfirmJoin();
  return (
    <Notice
      mt="lg"
      color="orange"
      icon={IconUserQuestion}
      title={t('customers.unconfirmed.badge')}
      data-testid="confirm-join"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('customers.unconfirmed.explain')}</Text>
        {confirm.isError && (
          <Text size="sm" c="red" role="alert">
            {messageOf(confirm.error, t('customers.unconfirmed.failed'))}
          </Text>
        )}
        <Button
          color="orange"
          leftSection={<IconUserCheck size={18} aria-hidden />}
          loading={confirm.isPending}
          onClick={() => confirm.mutate(customer.id)}
          data-testid="confirm-join-button"
        >
          {t('customers.unconfirmed.confirm')}
        </Button>
      </Stack>
    </Notice>
  );
}

function ContactRow({ icon: RowIcon, label, children }: { icon: Icon; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon variant="light" color="gray" radius="xl" size="lg" aria-hidden>
        <RowIcon size={18} />
      </ThemeIcon>
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text fw={500}>{children}</Text>
      </Stack>
    </Group>
  );
}

function RecentActivityCard({
  customerId,
  onVoid,
  onReturn,
}: {
  customerId: Customer['id'];
  onVoid: (invoice: Invoice) => void;
  onReturn: (invoice: Invoice) => void;
}) {
  const { t } = useTranslation();
  const activity = useCustomerActivity(customerId);
  return (
    <Card padding="lg" shadow="xs" h="100%">
      <Title order={2} fz="lg" mb="sm">
        {t('customers.detail.recentActivity')}
      </Title>
      <CustomerActivityList
        items={activity.data}
        isPending={activity.isPending}
        isError={activity.isError}
        onVoid={onVoid}
        onReturn={onReturn}
      />
    </Card>
  );
}

function QuickActions({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const actions = [
    ...(can('create_invoice')
      ? [
          {
            key: 'createInvoice',
            to: `/create-invoice?customer_id=${customerId}`,
            icon: IconReceipt2,
            color: 'teal',
          } as const,
        ]
      : []),
    ...(can('redeem_reward')
      ? [
          {
            key: 'redeemReward',
            to: `/redeem-rewards?customer_id=${customerId}`,
            icon: IconGift,
            color: 'orange',
          } as const,
        ]
      : []),
    { key: 'viewHistory', to: `/customer/${customerId}/history`, icon: IconHistory, color: 'grape' } as const,
  ];
  return (
    <Card padding="lg" shadow="xs">
      <Title order={2} fz="lg" mb="md">
        {t('customers.detail.quickActions.title')}
      </Title>
      <Stack gap="sm">
        {actions.map(({ key, to, icon: ActionIcon, color }) => (
          <Button
            key={key}
            component={Link}
            to={to}
            variant="light"
            color={color}
            justify="flex-start"
            fullWidth
            size="md"
            leftSection={<ActionIcon size={20} aria-hidden />}
          >
            {t(`customers.detail.quickActions.${key}`)}
          </Button>
        ))}
      </Stack>
    </Card>
  );
}
