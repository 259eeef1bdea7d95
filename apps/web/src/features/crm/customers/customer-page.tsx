import type { Restriction } from '@backdesk/contract';
import { P2P_PRICE_CURRENCY } from '@backdesk/contract/rules';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconEdit, IconLock } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { type ComponentType, type ReactNode, useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditTrail } from '../../../components/audit-trail/index.ts';
import { contentReady } from '../../../components/content-ready.ts';
import { CustomerLink } from '../../../components/customer-link.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { KycBadge, StatusBadge, useValueLabel } from '../../../components/status-badges.tsx';
import { useAmount } from '../../../lib/amounts.ts';
import { errorText } from '../../../lib/errors.ts';
import { useLanguage } from '../../../lib/language.ts';
import { useCustomerTypes } from '../customer-types/customer-types-api.ts';
import { AddRestrictionModal, LiftRestrictionModal } from '../restrictions/restriction-forms.tsx';
import { useRestrictionColumns } from '../restrictions/restrictions-table.tsx';
import { formatDateTime, fullName } from '../shared/format.ts';
import { useAddNote } from './customer-mutations.ts';
import { EditCustomerModal } from './edit-customer-modal.tsx';
import { ExchangeEchoBanner } from './exchange-echo-banner.tsx';
import { useCustomer } from './get-customer.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** An email that wraps after its "@" rather than anywhere in a word, when its column is narrow. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** Simple read-only tables of the customer page. */
function SimpleTable({ head, rows, empty }: { head: string[]; rows: ReactNode[][]; empty: string }) {
  if (rows.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  return (
    <Table striped highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          {head.map((h) => (
            <Table.Th key={h}>{h}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((cells, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static rows of one response
          <Table.Tr key={i}>
            {cells.map((c, j) => (
              <Table.Td key={head[j]}>{c}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A tab another area fills for one customer. */
type CustomerTab = ComponentType<{ customerId: number }>;

/**
 * The customer's page. The KYC and fraud-alerts tabs belong to compliance, the real-time checks' to
 * transactions; the route passes them in: a feature never imports another (apps/web/README.md).
 */
export function CustomerPage({
  customerId,
  KycTab,
  AlertsTab,
  AlertsGlance,
  ChecksTab,
}: {
  customerId: number;
  KycTab: CustomerTab;
  AlertsTab: CustomerTab;
  /** The header's figure of the customer's open alerts (compliance's), beside their restrictions. */
  AlertsGlance: CustomerTab;
  /** The exchange's real-time checks of the customer (transactions, passed in by the route). */
  ChecksTab: CustomerTab;
}) {
  const { t } = useTranslation(['crm', 'transactions']);
  const { locale } = useLanguage();
  const formatAmount = useAmount();
  const { data, isError, error } = useCustomer(customerId);
  const tiers = useCustomerTypes();
  const label = useValueLabel();
  const [editing, setEditing] = useState(false);
  const [restricting, setRestricting] = useState(false);
  const [lifting, setLifting] = useState<Restriction | null>(null);
  const [note, setNote] = useState('');
  const addNote = useAddNote(customerId);
  const restrictionColumns = useRestrictionColumns(setLifting, false);
  // The header and profile first: the open tab (the KYC tab, with its own queries and table) renders
  // in a deferred pass, so the profile is drawn without waiting for it (decision 0028).
  const tabShown = useDeferredValue(true, false);

  if (isError) return <Alert color="red">{errorText(error)}</Alert>;
  if (!data)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  const c = data.customer;
  const active = data.restrictions.filter((r) => r.state === 'active');
  const dt = (iso: string | null) => formatDateTime(locale, iso);
  const amount = (value: string, asset: string | null) => (
    <Text ff="monospace" size="sm">
      {formatAmount(value, asset)}
    </Text>
  );

  return (
    <>
      <PageHeader
        title={fullName(c)}
        description={c.user_name}
        actions={
          <Group>
            <Button
              variant="default"
              leftSection={<IconLock size={16} />}
              onClick={() => setRestricting(true)}
              data-testid="add-restriction"
            >
              {t('restrictions.add')}
            </Button>
            <Button
              leftSection={<IconEdit size={16} />}
              onClick={() => setEditing(true)}
              data-testid="edit-customer"
            >
              {t('edit.title')}
            </Button>
          </Group>
        }
      />
      <ExchangeEchoBanner exchange={data.exchange} />
      {/* At a glance: what holds the customer back now (R13) and what is open about them. */}
      <Group gap="xs" mt={-8} mb="md" data-testid="customer-glance">
        {[...new Set(active.map((r) => r.kind))].map((kind) => (
          <Badge key={kind} color="red" variant="light" tt="none" data-testid="glance-restriction">
            {t('detail.glance.restricted', { kind: t(`restrictions.kinds.${kind}`) })}
          </Badge>
        ))}
        <AlertsGlance customerId={c.id} />
      </Group>
      <Card
        withBorder
        radius="md"
        mb="md"
        data-testid="customer-profile"
        {...contentReady(true, String(c.id))}
      >
        {/* A wider gap than the fields' own: a long email must not run into the phone beside it. */}
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing={{ base: 'md', lg: 'xl' }}>
          <Field label={t('fields.name')}>{c.alias_name ?? '—'}</Field>
          <Field label={t('fields.surname')}>{c.alias_surname ?? '—'}</Field>
          <Field label={t('fields.email')}>{c.email ? <EmailText email={c.email} /> : '—'}</Field>
          <Field label={t('fields.phone')}>{c.phone}</Field>
          <Field label={t('fields.status')}>
            <Group gap={6}>
              <StatusBadge status={c.status} />
              {/* Active by a live session although the stored status says otherwise (R7): say why, once. */}
              {c.active && c.status !== 'active' && (
                <Badge color="green" variant="dot" tt="none">
                  {t('detail.liveSession')}
                </Badge>
              )}
            </Group>
          </Field>
          <Field label={t('fields.tier')}>
            {tiers.data?.items.find((tier) => tier.code === c.customer_type)?.name ?? c.customer_type}
          </Field>
          <Field label={t('fields.kycStatus')}>
            <KycBadge status={c.kyc_status} />
          </Field>
          <Field label={t('fields.kycType')}>
            {t(c.kyc_type_label === 'Business' ? 'kycType.business' : 'kycType.individual')}
          </Field>
          <Field label={t('fields.kycLevel')}>{c.kyc_level}</Field>
          <Field label={t('fields.roles')}>
            {c.roles.map((role) => label('role', role)).join(', ') || '—'}
          </Field>
          <Field label={t('fields.created')}>{dt(c.created_at)}</Field>
          <Field label={t('fields.updated')}>{dt(c.updated_at)}</Field>
        </SimpleGrid>
      </Card>

      <Tabs defaultValue="kyc" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="kyc">{t('detail.tabs.kyc')}</Tabs.Tab>
          <Tabs.Tab value="assets">{t('detail.tabs.assets')}</Tabs.Tab>
          <Tabs.Tab value="transactions">{t('detail.tabs.transactions')}</Tabs.Tab>
          <Tabs.Tab value="p2p">{t('detail.tabs.p2p')}</Tabs.Tab>
          <Tabs.Tab value="restrictions" data-testid="tab-restrictions">
            {t('detail.tabs.restrictions')} ({active.length})
          </Tabs.Tab>
          <Tabs.Tab value="alerts" data-testid="tab-alerts">
            {t('detail.tabs.alerts')}
          </Tabs.Tab>
          <Tabs.Tab value="checks" data-testid="tab-checks">
            {t('detail.tabs.checks')}
          </Tabs.Tab>
          <Tabs.Tab value="notes" data-testid="tab-notes">
            {t('detail.tabs.notes')}
          </Tabs.Tab>
          <Tabs.Tab value="history" data-testid="tab-history">
            {t('detail.tabs.history')}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="kyc">{tabShown && <KycTab customerId={c.id} />}</Tabs.Panel>

        <Tabs.Panel value="assets">
          <SimpleTable
            empty={t('detail.noBalances')}
            head={[
              t('assets.columns.asset'),
              t('assets.columns.available'),
              t('assets.columns.locked'),
              t('assets.columns.updated'),
            ]}
            rows={data.balances.map((b) => [
              b.asset,
              amount(b.available, b.asset),
              amount(b.locked, b.asset),
              dt(b.updated_at),
            ])}
          />
        </Tabs.Panel>

        <Tabs.Panel value="transactions">
          <SimpleTable
            empty={t('detail.noTransactions')}
            head={[
              t('detail.tx.date'),
              t('detail.tx.type'),
              t('assets.columns.asset'),
              t('detail.tx.network'),
              t('detail.tx.amount'),
              t('detail.tx.fee'),
              t('detail.tx.status'),
            ]}
            rows={data.walletTransactions.map((w) => [
              dt(w.created_at),
              t(`transactions:walletType.${w.type}` as 'transactions:walletType.deposit', {
                defaultValue: w.type,
              }),
              w.asset,
              w.network,
              amount(w.amount, w.asset),
              amount(w.fee, w.asset),
              t(`transactions:walletStatus.${w.status}` as 'transactions:walletStatus.pending', {
                defaultValue: w.status,
              }),
            ])}
          />
        </Tabs.Panel>

        <Tabs.Panel value="p2p">
          <Stack>
            <Title order={2} size="h4">
              {t('detail.tradesAsBuyer')}
            </Title>
            <SimpleTable
              empty={t('detail.noTrades')}
              head={[
                t('detail.tx.date'),
                t('detail.p2p.seller'),
                t('detail.tx.amount'),
                t('detail.tx.status'),
              ]}
              rows={data.trades.map((p) => [
                dt(p.created_at),
                p.seller_user_name === null ? (
                  t('detail.p2p.unknownSeller')
                ) : p.seller_customer_id === null ? (
                  p.seller_user_name
                ) : (
                  <CustomerLink key="seller" id={p.seller_customer_id}>
                    {p.seller_user_name}
                  </CustomerLink>
                ),
                amount(p.trade_amount, p.selling_contract_name),
                t(`transactions:tradeStatus.${p.status}` as 'transactions:tradeStatus.pending', {
                  defaultValue: p.status,
                }),
              ])}
            />
            <Title order={2} size="h4">
              {t('detail.offersAsSeller')}
            </Title>
            <SimpleTable
              empty={t('detail.noOffers')}
              head={[
                t('detail.tx.date'),
                t('detail.p2p.contract'),
                t('detail.p2p.unitPrice'),
                t('detail.tx.status'),
              ]}
              rows={data.offers.map((o) => [
                dt(o.created_at),
                o.selling_contract_name ?? '—',
                amount(o.unit_price, P2P_PRICE_CURRENCY),
                t(`transactions:offerStatus.${o.status}` as 'transactions:offerStatus.active', {
                  defaultValue: o.status,
                }),
              ])}
            />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="restrictions">
          <div data-testid="customer-restrictions">
            {/* The empty state only when there is nothing to list: the table's own would linger behind rows. */}
            {data.restrictions.length ? (
              <DataTable<Restriction>
                withTableBorder
                borderRadius="md"
                records={data.restrictions}
                columns={restrictionColumns}
              />
            ) : (
              <Text c="dimmed" py="md">
                {t('detail.noRestrictions')}
              </Text>
            )}
          </div>
        </Tabs.Panel>

        <Tabs.Panel value="alerts">
          <AlertsTab customerId={c.id} />
        </Tabs.Panel>

        <Tabs.Panel value="checks">
          <ChecksTab customerId={c.id} />
        </Tabs.Panel>

        <Tabs.Panel value="notes">
          <Stack>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                if (!note.trim()) return;
                addNote.mutate(note.trim(), { onSuccess: () => setNote('') });
              }}
            >
              <Group align="flex-end">
                <Textarea
                  style={{ flex: 1 }}
                  label={t('detail.addNote')}
                  name="note"
                  value={note}
                  onChange={(e) => setNote(e.currentTarget.value)}
                  maxLength={2000}
                  autosize
                  minRows={2}
                />
                <Button type="submit" loading={addNote.isPending}>
                  {t('common.save')}
                </Button>
              </Group>
            </form>
            {data.notes.length === 0 && (
              <Text c="dimmed" size="sm">
                {t('detail.noNotes')}
              </Text>
            )}
            {data.notes.map((n) => (
              <Card key={n.id} withBorder padding="sm" data-testid="customer-note">
                <Text size="sm">{n.body}</Text>
                <Text size="xs" c="dimmed">
                  {n.member ?? '—'} · {dt(n.created_at)}
                </Text>
              </Card>
            ))}
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="history">
          <AuditTrail entity="customer" entityId={c.id} />
        </Tabs.Panel>
      </Tabs>

      {editing && <EditCustomerModal customer={c} opened onClose={() => setEditing(false)} />}
      {restricting && <AddRestrictionModal opened customerId={c.id} onClose={() => setRestricting(false)} />}
      <LiftRestrictionModal restriction={lifting} onClose={() => setLifting(null)} />
    </>
  );
}
