import type { fraudApi } from '@backdesk/contract';
import { FRAUD_ALERT_TRANSITIONS } from '@backdesk/contract/fraud/keys';
import { Button, Card, Group, Select, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../../lib/auth-store.ts';
import { useCan } from '../../../../lib/can.ts';
import { errorText } from '../../../../lib/errors.ts';
import { notify } from '../../../../lib/notify.ts';
import { useFraudHandlers } from '../shared/work-filters.tsx';
import { CloseAlertModal, RestrictCustomerModal } from './alert-forms.tsx';
import { useAlertActions } from './alerts-api.ts';
import { alertEndpoints } from './endpoints.ts';

type AlertRow = fraudApi.FraudAlertRow;

/**
 * What a member may do with an alert: take or hand it over, move it on, close it (outcome and note),
 * restrict the customer, open or join the customer's case. A closed alert keeps only the restriction
 * and the case. Each call carries the version shown, so a change made meanwhile is refused.
 */
export function AlertActions({ alert }: { alert: AlertRow }) {
  const { t } = useTranslation(['fraudAlerts', 'fraud']);
  const can = useCan();
  const me = useAuth().user?.id;
  const navigate = useNavigate();
  const actions = useAlertActions();
  const handlers = useFraudHandlers();
  const [dialog, setDialog] = useState<'close' | 'restrict' | null>(null);
  const [caseKey] = useState(() => crypto.randomUUID());
  const failed = (error: unknown) => notify({ title: errorText(error), color: 'red' });
  const done = { onSuccess: () => notify({ title: t('actions.done'), color: 'green' }), onError: failed };
  if (!can(alertEndpoints.move)) return null;
  const open = alert.status !== 'closed';
  const assign = (assigneeId: number | null) =>
    actions.assign.mutate({ id: alert.id, version: alert.version, assignee_id: assigneeId }, done);
  const nextSteps = FRAUD_ALERT_TRANSITIONS[alert.status].filter((s) => s !== 'closed');

  const openCase = () =>
    actions.openCase.mutate(
      { customerId: alert.customer_id, alertIds: [alert.id], key: caseKey },
      {
        onSuccess: (result) => {
          const id = result.case.id;
          notify({
            title: t(result.joined ? 'actions.caseJoined' : 'actions.caseOpened', { id }),
            color: 'green',
          });
          void navigate({ href: `/compliance/fraud-check/cases/${id}` });
        },
        onError: failed,
      },
    );

  return (
    <Card withBorder padding="sm" data-testid="alert-actions">
      <Title order={4} size="h5" mb="xs">
        {t('actions.title')}
      </Title>
      {open && (
        <Group gap="xs" mb="xs" align="flex-end">
          {me !== undefined && alert.assignee?.id !== me && (
            <Button size="xs" variant="light" onClick={() => assign(me)} data-testid="assign-me">
              {t('actions.assignToMe')}
            </Button>
          )}
          <Select
            size="xs"
            label={t('actions.assignTo')}
            data={handlers}
            value={alert.assignee ? String(alert.assignee.id) : null}
            onChange={(value) => assign(value ? Number(value) : null)}
            clearable
            searchable
            w={200}
            data-testid="assign-select"
          />
        </Group>
      )}
      <Group gap="xs">
        {nextSteps.map((status) => (
          <Button
            key={status}
            size="xs"
            variant="default"
            loading={actions.move.isPending}
            onClick={() => actions.move.mutate({ id: alert.id, version: alert.version, status }, done)}
            data-testid={`move-${status}`}
          >
            {t('actions.moveTo', { status: t(`fraud:status.${status}`) })}
          </Button>
        ))}
        {open && (
          <Button size="xs" onClick={() => setDialog('close')} data-testid="close-alert">
            {t('actions.close')}
          </Button>
        )}
        {can(alertEndpoints.restrict) && (
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => setDialog('restrict')}
            data-testid="restrict-customer"
          >
            {t('actions.restrict')}
          </Button>
        )}
        {can(alertEndpoints.openCase) && (
          <Button
            size="xs"
            variant="light"
            onClick={
              alert.case_id
                ? () => void navigate({ href: `/compliance/fraud-check/cases/${alert.case_id}` })
                : openCase
            }
            loading={actions.openCase.isPending}
            data-testid="open-case"
          >
            {alert.case_id ? t('actions.viewCase', { id: alert.case_id }) : t('actions.openCase')}
          </Button>
        )}
      </Group>
      {dialog === 'close' && <CloseAlertModal alert={alert} onClose={() => setDialog(null)} />}
      {dialog === 'restrict' && <RestrictCustomerModal alert={alert} onClose={() => setDialog(null)} />}
    </Card>
  );
}
