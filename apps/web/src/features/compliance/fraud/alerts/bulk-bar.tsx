import type { fraudApi } from '@backdesk/contract';
import { Button, Group, NumberInput, Paper, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BulkApprovalDialog,
  type BulkApprovalInput,
  BulkThreshold,
} from '../../../../components/bulk/index.ts';
import { useConfirm } from '../../../../components/confirm-dialog.tsx';
import { useListSearch } from '../../../../components/list-page/index.ts';
import { useCan } from '../../../../lib/can.ts';
import { errorText } from '../../../../lib/errors.ts';
import { formatInteger } from '../../../../lib/format.ts';
import { keyOptions } from '../../../../lib/key-options.ts';
import { useLanguage } from '../../../../lib/language.ts';
import { notify } from '../../../../lib/notify.ts';
import { useFraudHandlers } from '../shared/work-filters.tsx';
import { alertsSource, useAlertActions } from './alerts-api.ts';
import { alertEndpoints } from './endpoints.ts';

type Action = fraudApi.FraudBulkAction;
const ACTIONS: readonly Action[] = ['assign', 'close_false_positive', 'attach_case'];

/**
 * One action over every open alert the list's filters match, on every page: "Review…" asks the
 * server how many it would change, the dialog names that count, and applying sends it back so a
 * filter that matches more (or fewer) alerts by then is refused rather than applied blind. Above the
 * bulk threshold the member types the count and a reason, and a second member approves the set.
 */
export function BulkBar() {
  const { t } = useTranslation('fraudAlerts');
  const { locale } = useLanguage();
  const can = useCan();
  const { search } = useListSearch();
  const { bulk } = useAlertActions();
  const handlers = useFraudHandlers();
  const { ask, dialog } = useConfirm();
  const [action, setAction] = useState<Action>('assign');
  const [assignee, setAssignee] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [caseId, setCaseId] = useState<number | string>('');
  const [held, setHeld] = useState<{ count: number; key: string } | null>(null);
  if (!can(alertEndpoints.bulk)) return null;

  const filter = alertsSource.filters(search) as fraudApi.FraudAlertFilters;
  const body = {
    filter,
    action,
    ...(action === 'assign' ? { assignee_id: assignee ? Number(assignee) : null } : {}),
    ...(action === 'close_false_positive' ? { note } : {}),
    ...(action === 'attach_case' ? { case_id: Number(caseId) } : {}),
  };
  const ready =
    (action === 'assign' && assignee !== null) ||
    (action === 'close_false_positive' && note.trim().length >= 3) ||
    (action === 'attach_case' && Number(caseId) > 0);

  const apply = (count: number, key: string, extra: Partial<BulkApprovalInput> = {}) =>
    bulk.mutateAsync({ ...body, dry_run: false, expected: count, key, ...extra }).then((result) =>
      notify({
        title: result.applied
          ? t('bulk.done', { count: formatInteger(locale, result.count) })
          : t('bulk.requested', { count: formatInteger(locale, result.count) }),
        color: result.applied ? 'green' : 'blue',
      }),
    );

  const review = () =>
    bulk.mutate(
      { ...body, dry_run: true },
      {
        onError: (error) => notify({ title: errorText(error), color: 'red' }),
        onSuccess: ({ count, needs_approval }) => {
          const key = crypto.randomUUID();
          // Above the threshold: the count typed back and a reason, then a second member.
          if (needs_approval) return setHeld({ count, key });
          const shown = formatInteger(locale, count);
          ask({
            title: t('bulk.confirmTitle', { action: t(`bulk.actions.${action}`), count: shown }),
            message: count === 0 ? t('bulk.confirmNone') : t('bulk.confirmMessage'),
            confirmLabel: t('bulk.apply', { count: shown }),
            color: action === 'close_false_positive' ? 'red' : undefined,
            onConfirm: () =>
              apply(count, key).catch((error: unknown) => {
                notify({ title: errorText(error), color: 'red' });
                throw error;
              }),
          });
        },
      },
    );

  return (
    <Paper withBorder p="sm" mb="md" data-testid="bulk-bar">
      <Text size="sm" fw={600} mb="xs">
        {t('bulk.title')}
      </Text>
      <Group gap="sm" align="flex-end">
        <Select
          size="xs"
          label={t('bulk.action')}
          data={keyOptions(ACTIONS, (a) => t(`bulk.actions.${a}`))}
          value={action}
          onChange={(value) => value && setAction(value as Action)}
          allowDeselect={false}
          w={220}
          data-testid="bulk-action"
        />
        {action === 'assign' && (
          <Select
            size="xs"
            label={t('bulk.assignee')}
            data={handlers}
            value={assignee}
            onChange={setAssignee}
            searchable
            w={200}
            data-testid="bulk-assignee"
          />
        )}
        {action === 'close_false_positive' && (
          <TextInput
            size="xs"
            label={t('bulk.note')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={2000}
            w={320}
            data-testid="bulk-note"
          />
        )}
        {action === 'attach_case' && (
          <NumberInput
            size="xs"
            label={t('bulk.caseId')}
            value={caseId}
            onChange={setCaseId}
            min={1}
            allowDecimal={false}
            w={160}
            data-testid="bulk-case"
          />
        )}
        <Button
          size="xs"
          onClick={review}
          disabled={!ready}
          loading={bulk.isPending}
          data-testid="bulk-review"
        >
          {t('bulk.count')}
        </Button>
      </Group>
      <Group mt="xs">
        <BulkThreshold />
      </Group>
      {dialog}
      <BulkApprovalDialog
        opened={held !== null}
        action={t(`bulk.actions.${action}`)}
        count={held?.count ?? 0}
        onClose={() => setHeld(null)}
        onConfirm={async (input) => {
          if (!held) return;
          await apply(held.count, held.key, input);
          setHeld(null);
        }}
      />
    </Paper>
  );
}
