import type { fraudApi } from '@backdesk/contract';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditTrail } from '../../../../components/audit-trail/index.ts';
import { useConfirm } from '../../../../components/confirm-dialog.tsx';
import { contentReady } from '../../../../components/content-ready.ts';
import { CustomerLink } from '../../../../components/customer-link.tsx';
import { useCan } from '../../../../lib/can.ts';
import { fileSize } from '../../../../lib/compliance-format.ts';
import { errorText } from '../../../../lib/errors.ts';
import { useLanguage } from '../../../../lib/language.ts';
import { formatDateTime } from '../../../../lib/locale-format.ts';
import { notify } from '../../../../lib/notify.ts';
import { AlertStatusBadge, SeverityBadge } from '../alerts/badges.tsx';
import { FraudSection } from '../shared/fraud-section.tsx';
import { CloseCaseModal, CommentForm, EditCaseModal, ReopenCaseModal } from './case-forms.tsx';
import { CaseTimeline } from './case-timeline.tsx';
import { downloadCaseReport, useCaseActions, useCaseDetail, useCaseLinked } from './cases-api.ts';
import { CaseStatusBadge } from './cases-list.tsx';
import { caseEndpoints } from './endpoints.ts';

type Detail = ReturnType<typeof useCaseDetail>['data'];

function Facts({ c }: { c: fraudApi.FraudCase }) {
  const { t } = useTranslation('fraudCases');
  const { locale } = useLanguage();
  const rows: [string, React.ReactNode][] = [
    [
      t('columns.customer'),
      <CustomerLink key="c" id={c.customer_id}>
        {c.user_name}
      </CustomerLink>,
    ],
    [t('columns.status'), <CaseStatusBadge key="s" c={c} />],
    [t('columns.owner'), c.owner?.display_name ?? t('editForm.nobody')],
    [t('columns.followUp'), c.follow_up_at ? formatDateTime(locale, c.follow_up_at) : '—'],
    [
      t('columns.opened'),
      `${formatDateTime(locale, c.opened_at)}${c.opened_by ? ` · ${c.opened_by.display_name}` : ''}`,
    ],
  ];
  if (c.closed_at)
    rows.push(
      [
        t('columns.closed'),
        `${formatDateTime(locale, c.closed_at)}${c.closed_by ? ` · ${c.closed_by.display_name}` : ''}`,
      ],
      [t('closeForm.note'), c.closing_note ?? '—'],
    );
  return (
    <Table variant="vertical" layout="fixed" withTableBorder data-testid="case-facts">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={170}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function CaseAlerts({ detail }: { detail: NonNullable<Detail> }) {
  const { t } = useTranslation(['fraudCases', 'fraud']);
  const { locale } = useLanguage();
  const can = useCan();
  const { ask, dialog } = useConfirm();
  const { detach } = useCaseActions();
  const open = detail.case.status === 'open' && can(caseEndpoints.detach);
  if (!detail.alerts.length) return <Text c="dimmed">{t('alerts.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      {dialog}
      <Table data-testid="case-alerts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('alerts.id')}</Table.Th>
            <Table.Th>{t('alerts.rule')}</Table.Th>
            <Table.Th>{t('alerts.severity')}</Table.Th>
            <Table.Th>{t('columns.status')}</Table.Th>
            <Table.Th>{t('alerts.raised')}</Table.Th>
            {open && <Table.Th>{t('alerts.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.alerts.map((a) => (
            <Table.Tr key={a.id} data-alert-id={a.id}>
              <Table.Td>
                <Anchor
                  renderRoot={(props) => (
                    <Link {...props} to="/compliance/fraud-check" search={{ alert: String(a.id) } as never} />
                  )}
                >
                  #{a.id}
                </Anchor>
              </Table.Td>
              <Table.Td>{t(`fraud:rules.${a.rule_code}`)}</Table.Td>
              <Table.Td>
                <SeverityBadge severity={a.severity} />
              </Table.Td>
              <Table.Td>
                <AlertStatusBadge status={a.status} outcome={a.outcome} />
              </Table.Td>
              <Table.Td>{formatDateTime(locale, a.raised_at)}</Table.Td>
              {open && (
                <Table.Td>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    data-testid="detach-alert"
                    onClick={() =>
                      ask({
                        title: t('alerts.detachConfirm', { id: a.id }),
                        confirmLabel: t('alerts.detach'),
                        onConfirm: () =>
                          detach
                            .mutateAsync({
                              caseId: detail.case.id,
                              alertIds: [a.id],
                              key: crypto.randomUUID(),
                            })
                            .catch((e: unknown) => {
                              notify({ title: errorText(e), color: 'red' });
                              throw e;
                            }),
                      })
                    }
                  >
                    {t('alerts.detach')}
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LinkedCustomers({ caseId }: { caseId: number }) {
  const { t } = useTranslation('fraudCases');
  const linked = useCaseLinked(caseId);
  if (linked.isPending) return <Loader size="sm" />;
  if (linked.isError) return <Alert color="red">{errorText(linked.error)}</Alert>;
  if (!linked.data.available) return <Text c="dimmed">{t('linked.unavailable')}</Text>;
  if (!linked.data.items.length) return <Text c="dimmed">{t('linked.none')}</Text>;
  return (
    <Stack gap={6} data-testid="case-linked">
      {linked.data.items.map((l) => (
        <Group key={l.customer_id} gap="xs" wrap="nowrap">
          <CustomerLink id={l.customer_id}>{l.user_name}</CustomerLink>
          <Text size="xs" c="dimmed">
            {l.via.map((v) => t(`linked.via.${v}` as 'linked.via.ip', { defaultValue: v })).join(', ')}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function Reports({ detail }: { detail: NonNullable<Detail> }) {
  const { t, i18n } = useTranslation('fraudCases');
  const { locale } = useLanguage();
  const can = useCan();
  const { report } = useCaseActions();
  const [lang, setLang] = useState<'en' | 'tr'>(i18n.language.startsWith('tr') ? 'tr' : 'en');
  return (
    // A new draft is drawn when the count of drafts listed changes.
    <Stack gap="xs" {...contentReady(true, String(detail.reports.length))}>
      {can(caseEndpoints.report) && (
        <Group gap="xs" align="flex-end">
          <Select
            label={t('reports.language')}
            data={[
              { value: 'tr', label: 'Türkçe' },
              { value: 'en', label: 'English' },
            ]}
            value={lang}
            onChange={(v) => v && setLang(v as 'en' | 'tr')}
            allowDeselect={false}
            w={130}
          />
          <Button
            loading={report.isPending}
            data-testid="draft-report"
            onClick={() =>
              report.mutate(
                { id: detail.case.id, lang, key: crypto.randomUUID() },
                {
                  onSuccess: () => notify({ title: t('reports.drafted'), color: 'green' }),
                  onError: (e) => notify({ title: errorText(e), color: 'red' }),
                },
              )
            }
          >
            {t('reports.draft')}
          </Button>
        </Group>
      )}
      {!detail.reports.length && <Text c="dimmed">{t('reports.none')}</Text>}
      {detail.reports.map((r) => (
        <Group key={r.id} justify="space-between" wrap="nowrap" data-testid="case-report">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" truncate="end" title={r.file_name}>
              {r.file_name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(locale, r.created_at)} · {r.created_by?.display_name ?? '—'} ·{' '}
              {fileSize(locale, r.size_bytes)}
            </Text>
          </div>
          {can(caseEndpoints.download) && (
            <Button
              size="compact-sm"
              variant="light"
              // The file name gives way (it truncates), never the button.
              style={{ flexShrink: 0 }}
              aria-label={t('reports.downloadNamed', { name: r.file_name })}
              data-testid="download-report"
              onClick={() =>
                downloadCaseReport(r).catch((e) => notify({ title: errorText(e), color: 'red' }))
              }
            >
              {t('reports.download')}
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** One case: its facts, alerts, timeline and comments; linked customers, report drafts and history beside. */
export function CasePage({ caseId }: { caseId: number }) {
  const { t } = useTranslation('fraudCases');
  const can = useCan();
  const detail = useCaseDetail(caseId);
  const [form, setForm] = useState<'edit' | 'close' | 'reopen' | null>(null);
  const c = detail.data?.case;
  const open = c?.status === 'open';
  const actions =
    c && !open ? (
      can(caseEndpoints.reopen) && (
        <Button variant="default" onClick={() => setForm('reopen')} data-testid="reopen-case">
          {t('actions.reopen')}
        </Button>
      )
    ) : c ? (
      <Group gap="xs">
        {can(caseEndpoints.update) && (
          <Button variant="default" onClick={() => setForm('edit')} data-testid="edit-case">
            {t('actions.edit')}
          </Button>
        )}
        {can(caseEndpoints.close) && (
          <Button color="red" variant="light" onClick={() => setForm('close')} data-testid="close-case">
            {t('actions.close')}
          </Button>
        )}
      </Group>
    ) : undefined;
  return (
    <FraudSection actions={actions}>
      <Anchor
        renderRoot={(props) => <Link {...props} to="/compliance/fraud-check/cases" />}
        size="sm"
        mb="sm"
        display="inline-block"
      >
        ← {t('backToList')}
      </Anchor>
      {detail.isPending && <Loader />}
      {detail.isError && <Alert color="red">{errorText(detail.error)}</Alert>}
      {detail.data && c && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="md">
              <Section
                title={
                  c.title ? t('caseTitled', { id: c.id, title: c.title }) : t('caseNumber', { id: c.id })
                }
              >
                <Facts c={c} />
                <Title order={3} size="h5" mt="md" mb={4}>
                  {t('editForm.narrative')}
                </Title>
                <Text
                  size="sm"
                  c={c.narrative ? undefined : 'dimmed'}
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  data-testid="case-narrative-text"
                >
                  {c.narrative || t('noNarrative')}
                </Text>
              </Section>
              <Section title={t('alerts.title', { count: detail.data.alerts.length })}>
                <CaseAlerts detail={detail.data} />
              </Section>
              <Section title={t('timeline.title')}>
                <CaseTimeline caseId={caseId} />
                {can(caseEndpoints.comment) && (
                  <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
                    <CommentForm caseId={caseId} />
                  </div>
                )}
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md">
              <Section title={t('reports.title')}>
                <Reports detail={detail.data} />
              </Section>
              <Section title={t('linked.title')}>
                <LinkedCustomers caseId={caseId} />
              </Section>
              <Section title={t('history')}>
                <AuditTrail entity="fraud_case" entityId={caseId} />
              </Section>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
      {c && form === 'edit' && <EditCaseModal c={c} onClose={() => setForm(null)} />}
      {c && form === 'reopen' && <ReopenCaseModal c={c} onClose={() => setForm(null)} />}
      {c && form === 'close' && (
        <CloseCaseModal c={c} alerts={detail.data?.alerts ?? []} onClose={() => setForm(null)} />
      )}
    </FraudSection>
  );
}
