import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * A page the member's role may not open (docs/product-rules.md R1), reached by its address: its
 * navigation entry is hidden, and the server refuses its calls anyway.
 */
export function ForbiddenPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('forbidden.title'));
  return (
    <Paper withBorder radius="md" p="xl" data-testid="forbidden">
      <Stack align="center" gap="sm" ta="center" py="xl">
        <Text fz={64} fw={800} lh={1} c="red.8" data-testid="status-code">
          403
        </Text>
        <Title order={1} fz={26}>
          {t('forbidden.title')}
        </Title>
        <Text c="dimmed" maw={460}>
          {t('forbidden.message')}
        </Text>
        <Button component={Link} to="/" mt="md">
          {t('forbidden.home')}
        </Button>
      </Stack>
    </Paper>
  );
}
