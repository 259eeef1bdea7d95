import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
// react-router re-exports only SearchParamError; both classes live in its core package.
import { PathParamError, SearchParamError } from '@tanstack/router-core';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError, reloadAfterChunkError } from '../lib/chunk-reload.ts';
import { FullScreenLoader } from './full-screen-loader.tsx';
import { NotFoundPage } from './not-found-page.tsx';

/** Router error boundary: invalid params are a 404 (docs/product-rules.md R5), a missing chunk reloads once, the rest offers a retry. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  if (error instanceof SearchParamError || error instanceof PathParamError) return <NotFoundPage />;
  if (isChunkLoadError(error) && reloadAfterChunkError()) return <FullScreenLoader />;
  return <RouteFailure reset={reset} />;
}

function RouteFailure({ reset }: { reset: () => void }) {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <Center mih="60dvh" p="xl">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={2}>{t('failure.title')}</Title>
        <Text c="dimmed">{t('failure.body')}</Text>
        <Button
          variant="light"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          {t('failure.retry')}
        </Button>
      </Stack>
    </Center>
  );
}
