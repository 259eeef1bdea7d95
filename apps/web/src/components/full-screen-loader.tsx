import { Center, Loader } from '@mantine/core';

/** Shown while the app learns whether someone is signed in (docs/product-rules.md R26). */
export function FullScreenLoader() {
  return (
    <Center h="100dvh" data-testid="auth-loading">
      <Loader size="lg" />
    </Center>
  );
}
