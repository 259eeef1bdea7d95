import type { InboxItem, inboxApi } from '@backdesk/contract';
import { QUEUE_CAP_MAX, QUEUE_ROUTINGS, type TeamQueueKind } from '@backdesk/contract/inbox/keys';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowRight, IconPlayerPlay, IconRoute } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField, toIsoInstant } from '../../components/forms/date-fields.tsx';
import { useCan } from '../../lib/can.ts';
import { errorText } from '../../lib/errors.ts';
import { useLanguage } from '../../lib/language.ts';
import { formatDateTime } from '../../lib/locale-format.ts';
import { notify } from '../../lib/notify.ts';
import { inboxEndpoints, useSetAway, useTakeNext, useTeamQueues, useUpdateRouting } from './inbox-api.ts';
import { ageOf } from './inbox-cells.tsx';

type Queue = inboxApi.TeamQueue;

/** The screen where each queue's work is browsed and taken by hand. */
const QUEUE_SCREEN = {
  kyc_waiting: '/compliance/kyc-manage',
  fraud_alert: '/compliance/fraud-check',
  withdrawal_review: '/transactions/wallet-transactions',
  p2p_dispute: '/transactions/pending-p2p',
} as const satisfies Record<TeamQueueKind, string>;

function RoutingModal({ queue, onClose }: { queue: Queue; onClose: () => void }) {
  const { t } = useTranslation('inbox');
  const update = useUpdateRouting();
  const [routing, setRouting] = useState<Queue['routing']>(queue.routing);
  const [cap, setCap] = useState<number | ''>(queue.cap_per_member ?? '');
  const save = () =>
    update.mutate(
      {
        kind: queue.kind,
        routing,
        cap_per_member: cap === '' ? null : cap,
        version: queue.version,
      },
      { onSuccess: onClose },
    );
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('queues.routingTitle', { queue: t(`queues.names.${queue.kind}`) })}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('queues.routingHelp')}
        </Text>
        <SegmentedControl
          value={routing}
          onChange={(value) => setRouting(value as Queue['routing'])}
          data={QUEUE_ROUTINGS.map((r) => ({ value: r, label: t(`queues.routing.${r}`) }))}
          data-testid="queue-routing"
        />
        <NumberInput
          label={t('queues.cap')}
          description={t('queues.capHelp')}
          min={1}
          max={QUEUE_CAP_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={cap}
          onChange={(value) => setCap(typeof value === 'number' ? value : '')}
          disabled={routing === 'manual'}
          data-testid="queue-cap"
        />
        {update.isError && (
          <Text c="red" size="sm" role="alert">
            {errorText(update.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('queues.cancel')}
          </Button>
          <Button onClick={save} loading={update.isPending} data-testid="queue-routing-save">
            {t('queues.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function QueueCard({ queue, onTaken }: { queue: Queue; onTaken: (item: InboxItem) => void }) {
  const { t } = useTranslation('inbox');
  const { locale } = useLanguage();
  const can = useCan();
  const next = useTakeNext();
  const [editing, setEditing] = useState(false);
  const number = new Intl.NumberFormat(locale);
  const oldest = queue.oldest_opened_at && ageOf(queue.oldest_opened_at);
  const name = t(`queues.names.${queue.kind}`);
  return (
    <Paper withBorder p="md" radius="md" data-testid="team-queue" data-kind={queue.kind}>
      <Stack gap="xs">
        <div>
          <Title order={3} size="h5">
            {name}
          </Title>
          <Badge variant="light" color={queue.routing === 'manual' ? 'gray' : 'blue'} mt={4}>
            {queue.routing === 'manual' || queue.cap_per_member === null
              ? t(`queues.routing.${queue.routing}`)
              : t('queues.routingCapped', { cap: number.format(queue.cap_per_member) })}
          </Badge>
        </div>
        <Group gap="xs" align="baseline">
          <Text size="xl" fw={700} data-testid="team-queue-count" data-count={queue.unassigned}>
            {number.format(queue.unassigned)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('queues.unassigned', { count: queue.unassigned })}
          </Text>
        </Group>
        <Text
          size="sm"
          c={queue.overdue > 0 ? 'var(--mantine-color-red-text)' : 'dimmed'}
          data-testid="team-queue-overdue"
        >
          {queue.overdue > 0
            ? t('queues.overdue', { count: queue.overdue, shown: number.format(queue.overdue) })
            : oldest
              ? t('queues.oldest', { age: t(`age.${oldest.unit}`, { count: oldest.count }) })
              : t('queues.empty')}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Button
            size="xs"
            leftSection={<IconPlayerPlay size={14} />}
            disabled={queue.unassigned === 0}
            loading={next.isPending}
            aria-label={t('queues.nextIn', { queue: name })}
            onClick={() =>
              next.mutate(queue.kind, {
                onSuccess: ({ item }) =>
                  item ? onTaken(item) : notify({ title: t('queues.nothingLeft'), color: 'blue' }),
                onError: (error) => notify({ title: errorText(error), color: 'red' }),
              })
            }
            data-testid="team-queue-next"
          >
            {t('queues.next')}
          </Button>
          {/* Icons with their names on hover: a card's actions fit one line at 1280 px, in Turkish too. */}
          <Tooltip label={t('queues.openIn', { queue: name })}>
            <ActionIcon
              variant="subtle"
              component={Link}
              to={QUEUE_SCREEN[queue.kind]}
              aria-label={t('queues.openIn', { queue: name })}
              data-testid="team-queue-open"
            >
              <IconArrowRight size={16} />
            </ActionIcon>
          </Tooltip>
          {can(inboxEndpoints.routing) && (
            <Tooltip label={t('queues.routingOf', { queue: name })}>
              <ActionIcon
                variant="subtle"
                aria-label={t('queues.routingOf', { queue: name })}
                onClick={() => setEditing(true)}
                data-testid="team-queue-routing"
              >
                <IconRoute size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Stack>
      {editing && <RoutingModal queue={queue} onClose={() => setEditing(false)} />}
    </Paper>
  );
}

/** Out of office: routing gives the member no work until then. */
function AwayControl({ awayUntil }: { awayUntil: string | null }) {
  const { t } = useTranslation('inbox');
  const { locale } = useLanguage();
  const away = useSetAway();
  const [picking, setPicking] = useState(false);
  const [until, setUntil] = useState<string | null>(null);
  if (awayUntil)
    return (
      <Group gap="xs" data-testid="away-state">
        <Badge color="orange" variant="light">
          {t('queues.awayUntil', { at: formatDateTime(locale, awayUntil) })}
        </Badge>
        <Button size="xs" variant="default" loading={away.isPending} onClick={() => away.mutate(null)}>
          {t('queues.back')}
        </Button>
      </Group>
    );
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setPicking(true)} data-testid="away-open">
        {t('queues.away')}
      </Button>
      <Modal opened={picking} onClose={() => setPicking(false)} title={t('queues.awayTitle')}>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('queues.awayHelp')}
          </Text>
          <DateTimeField
            label={t('queues.awayField')}
            value={until}
            onChange={(value) => setUntil(value)}
            minDate={new Date()}
            data-testid="away-until"
          />
          {away.isError && (
            <Text c="red" size="sm" role="alert">
              {errorText(away.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPicking(false)}>
              {t('queues.cancel')}
            </Button>
            <Button
              disabled={!until}
              loading={away.isPending}
              onClick={() => away.mutate(toIsoInstant(until) ?? null, { onSuccess: () => setPicking(false) })}
              data-testid="away-save"
            >
              {t('queues.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * The team queues above the personal inbox: unassigned work per queue the member's roles take from,
 * "next" to take the oldest into one's own inbox, and the routing settings for supervisors.
 */
export function TeamQueues({ onTaken }: { onTaken: (item: InboxItem) => void }) {
  const { t } = useTranslation('inbox');
  const queues = useTeamQueues();
  if (!queues.data || queues.data.queues.length === 0) return null;
  return (
    <section aria-labelledby="team-queues-title" data-testid="team-queues">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="team-queues-title">
          {t('queues.title')}
        </Title>
        <AwayControl awayUntil={queues.data.away_until} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} mb="lg">
        {queues.data.queues.map((queue) => (
          <QueueCard key={queue.kind} queue={queue} onTaken={onTaken} />
        ))}
      </SimpleGrid>
    </section>
  );
}
