import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColorModeSwitch } from '../../../components/color-mode-switch.tsx';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { TimeZoneField } from './time-zone-field.tsx';

/**
 * The same switches as the header's: they write the original panel's cookie and `nuxt-color-mode` key, and
 * MemberPreferencesSync keeps the choice on the server.
 */
export function AppearanceCard() {
  const { t } = useTranslation(['settings', 'common']);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap={4} mb="md">
        <Title order={2} fz="lg">
          {t('appearance.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('appearance.description')}
        </Text>
      </Stack>
      <Group gap="xl">
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('common:language.label')}
          </Text>
          <LanguageSwitch />
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('common:colorMode.label')}
          </Text>
          <ColorModeSwitch />
        </Stack>
      </Group>
      <Stack mt="lg">
        <TimeZoneField />
      </Stack>
    </Card>
  );
}
