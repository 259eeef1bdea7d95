import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FraudSection } from './fraud-section.tsx';

/** A part being built this session: its frame and an honest note (each route replaces it with its page). */
export function FraudSectionPending() {
  const { t } = useTranslation('common');
  return (
    <FraudSection>
      <Paper withBorder p="xl" radius="md" data-testid="placeholder">
        <Text fw={600}>{t('placeholder.title')}</Text>
      </Paper>
    </FraudSection>
  );
}
