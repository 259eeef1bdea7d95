import type { InboxItem } from '@backdesk/contract';
import { Badge, Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CustomerLink } from '../../components/customer-link.tsx';
import { useLanguage } from '../../lib/language.ts';
import { formatDateTime } from '../../lib/locale-format.ts';

/** How an item's kind, subject, age and SLA read: the inbox table and the dashboard's open work alike. */

const SLA_COLOR: Record<InboxItem['sla'], string> = {
  none: 'gray',
  on_track: 'teal',
  due_soon: 'yellow',
  overdue: 'red',
};

/** How long the item has waited, in the largest whole unit. */
export function ageOf(
  openedAt: string,
  now = Date.now(),
): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  const minutes = Math.max(0, Math.floor((now - Date.parse(openedAt)) / 60_000));
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  if (minutes < 48 * 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'days', count: Math.floor(minutes / 1440) };
}

/**
 * The kind, bold with a blue dot while the member has not read the item (a dot, not a worded badge:
 * the inbox's columns fit beside its pinned actions at 1280 px, in Turkish too).
 */
export function InboxKind({ item }: { item: InboxItem }) {
  const { t } = useTranslation('inbox');
  const kind = t(`kinds.${item.kind}`);
  return (
    <Group gap={6} wrap="nowrap">
      {!item.read && (
        <Box
          role="img"
          aria-label={t('unreadMark')}
          title={t('unreadMark')}
          w={8}
          h={8}
          bg="blue.7"
          style={{ borderRadius: '50%', flex: 'none' }}
          data-testid="inbox-unread-mark"
        />
      )}
      <Text size="sm" fw={item.read ? 400 : 600} truncate="end" maw={170} title={kind}>
        {kind}
      </Text>
    </Group>
  );
}

/** What the item is about, in words; a customer's is a link to the customer. */
export function InboxSubject({ item, maw }: { item: InboxItem; maw?: number }) {
  const { t } = useTranslation('inbox');
  if (item.customer) {
    const name = t('subject.customer', { name: item.customer.user_name });
    return (
      <CustomerLink id={item.customer.id} title={name}>
        <Text
          span
          inherit
          truncate="end"
          maw={maw}
          display="inline-block"
          style={{ verticalAlign: 'bottom' }}
        >
          {name}
        </Text>
      </CustomerLink>
    );
  }
  const text = item.notice
    ? t(`notices.${item.notice}` as 'notices.two_factor_reset', item.params as Record<string, string>)
    : item.kind === 'p2p_dispute' && item.subject
      ? t('subject.buyer', { name: item.subject })
      : item.kind === 'four_eyes_request' && item.subject
        ? t('subject.approval', {
            kind: t(`approvalKinds.${item.subject}` as 'approvalKinds.withdrawal_release', {
              defaultValue: item.subject,
            }),
          })
        : (item.subject ?? '—');
  return (
    <Text size="sm" truncate="end" maw={maw} title={text}>
      {text}
    </Text>
  );
}

export function InboxAge({ item }: { item: InboxItem }) {
  const { t } = useTranslation('inbox');
  const age = ageOf(item.opened_at);
  const { locale } = useLanguage();
  return (
    <span title={formatDateTime(locale, item.opened_at)}>{t(`age.${age.unit}`, { count: age.count })}</span>
  );
}

export function InboxSla({ item }: { item: InboxItem }) {
  const { t } = useTranslation('inbox');
  return (
    <Badge variant="light" color={SLA_COLOR[item.sla]} data-testid="inbox-sla">
      {t(`sla.${item.sla}`)}
    </Badge>
  );
}
