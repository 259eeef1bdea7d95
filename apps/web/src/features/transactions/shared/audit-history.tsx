import { Code, Loader, Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/language.ts';
import { type AuditEntity, useAuditHistory } from '../api/audit-history.ts';
import { formatDateTime } from './decimal-format.ts';

/** Who changed a record, when, and from what to what (PRODUCT.md: every detail shows its history). */
export function AuditHistory({ entity, entityId }: { entity: AuditEntity; entityId: string }) {
  const { t } = useTranslation('transactions');
  const { locale } = useLanguage();
  const history = useAuditHistory(entity, entityId);
  if (history.isPending) return <Loader size="sm" />;
  const items = history.data?.items ?? [];
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('audit.empty')}
      </Text>
    );
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid="audit-history">
      {items.map((entry) => (
        <Timeline.Item
          key={entry.id}
          title={t(`audit.actions.${entry.action}` as 'audit.actions.approve', {
            defaultValue: entry.action,
          })}
        >
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {formatDateTime(locale, entry.at)} · {entry.member?.display_name ?? t('audit.system')}
            </Text>
            {entry.after !== null && entry.after !== undefined && (
              <Code block fz="xs">
                {JSON.stringify(entry.after, null, 1)}
              </Code>
            )}
          </Stack>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
