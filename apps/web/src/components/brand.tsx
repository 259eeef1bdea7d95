import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './brand.module.css';

export function Brand({ withTagline = false }: { withTagline?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={10} wrap="nowrap">
      <span className={classes.mark} aria-hidden>
        B
      </span>
      <div>
        <Text fw={700} size="lg" lh={1.1} className={classes.name}>
          {t('appName')}
        </Text>
        {withTagline && (
          <Text size="xs" c="dimmed" lh={1.2}>
            {t('tagline')}
          </Text>
        )}
      </div>
    </Group>
  );
}
