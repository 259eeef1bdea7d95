import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** docs/product-rules.md R5: status code, title, "Page not found" plus the path, and a way home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const path = useLocation({ select: (location) => location.pathname });
  useDocumentTitle(t('notFound.title'));
  return (
    <Center mih="100dvh" p="xl">
      <Stack align="center" gap="sm" maw={520} ta="center" data-testid="not-found">
        <Text fz={88} fw={800} lh={1} c="green" data-testid="status-code">
          404
        </Text>
        <Title order={1} fz={28}>
          {t('notFound.title')}
        </Title>
        <Text c="dimmed" style={{ wordBreak: 'break-all' }}>
          {t('notFound.message', { path })}
        </Text>
        <Button component={Link} to="/" mt="md">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
