import { FRAUD_ALERT_STATUSES, FRAUD_RULE_CODES, FRAUD_SEVERITIES } from '@backdesk/contract/fraud/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../../components/list-page/list-search.ts';
import { ALERT_SORT_KEYS } from '../../../../features/compliance/fraud/alerts/alert-keys.ts';
import { AlertsPage } from '../../../../features/compliance/fraud/alerts/alerts-page.tsx';

export const Route = createFileRoute('/_app/compliance/fraud-check/')({
  ...listRoute(
    listSearch({
      sortKeys: ALERT_SORT_KEYS,
      sort: 'raised_at',
      dir: 'desc',
      filters: {
        rule: FRAUD_RULE_CODES,
        severity: FRAUD_SEVERITIES,
        status: FRAUD_ALERT_STATUSES,
        customer: 'text',
        assignee: 'text',
        raised_from: 'text',
        raised_to: 'text',
        // The alert open in the drawer; the list leaves it out of its query (alertsSource's `local`).
        alert: 'text',
      },
    }),
    'fraud.alerts',
  ),
  component: AlertsPage,
});
