import { Group, Kbd, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The review's keys, always in view (a shortcut nobody sees is a shortcut nobody uses). */
export function ShortcutHints({ decide, nextCase = false }: { decide: boolean; nextCase?: boolean }) {
  const { t } = useTranslation('compliance');
  const hint = (keys: string[], text: string) => (
    <Group gap={4} wrap="nowrap">
      {keys.map((key) => (
        <Kbd key={key} size="xs">
          {key}
        </Kbd>
      ))}
      <Text size="xs" c="dimmed">
        {text}
      </Text>
    </Group>
  );
  return (
    <Group gap="md" role="note" aria-label={t('viewer.shortcuts')} data-testid="shortcut-hints">
      {hint(['n', '→'], t(nextCase ? 'viewer.keyNextCase' : 'viewer.keyNext'))}
      {hint(['p', '←'], t('viewer.keyPrevious'))}
      {decide && hint(['a'], t('viewer.keyApprove'))}
      {decide && hint(['r'], t('viewer.keyReject'))}
    </Group>
  );
}
