import type {
  WebhookDeliveryStatus,
  WebhookEndpointStatus,
} from '@backdesk/contract/integrations/webhook-vocabulary';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// A failed delivery is red here (not the grey of a failure that ended without effect elsewhere): it
// blocks its customer's later events until someone acts.
const ENDPOINT_COLOR: Record<WebhookEndpointStatus, string> = {
  enabled: 'green',
  paused: 'yellow',
  disabled: 'red',
};
/** A table column must not squeeze a badge to "Deli…": its whole text sets its width. */
const FULL_LABEL = { root: { overflow: 'visible' }, label: { overflow: 'visible' } } as const;
const DELIVERY_COLOR: Record<WebhookDeliveryStatus, string> = {
  pending: 'blue',
  delivered: 'green',
  failed: 'red',
  skipped: 'gray',
};

export function EndpointStatusBadge({ status }: { status: WebhookEndpointStatus }) {
  const { t } = useTranslation('settings');
  return (
    <Badge variant="light" color={ENDPOINT_COLOR[status]} tt="none" data-testid="webhook-endpoint-status">
      {t(`webhooks.endpointStatus.${status}`)}
    </Badge>
  );
}

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation('settings');
  return (
    <Badge
      variant="light"
      color={DELIVERY_COLOR[status]}
      tt="none"
      styles={FULL_LABEL}
      data-testid="webhook-delivery-status"
    >
      {t(`webhooks.deliveryStatus.${status}`)}
    </Badge>
  );
}
