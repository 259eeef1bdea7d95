import { Anchor, Badge } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The way back to the list, above an integration's pages and the call log. */
export function BackToIntegrations() {
  const { t } = useTranslation('settings');
  return (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/settings/integrations" />}
      size="sm"
      mb="sm"
      display="inline-block"
    >
      ← {t('integrations.backToList')}
    </Anchor>
  );
}

/** Enabled or disabled: a disabled integration's keys are all refused (R67). */
export function IntegrationStateBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('settings');
  return (
    <Badge color={enabled ? 'green' : 'gray'} variant="light" data-testid="integration-state">
      {enabled ? t('integrations.enabled') : t('integrations.disabled')}
    </Badge>
  );
}
