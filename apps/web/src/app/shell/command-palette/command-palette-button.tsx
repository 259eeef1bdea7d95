import { Button, Kbd } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The palette and what it searches with load on first use, not with the shell.
const CommandPalette = lazy(() => import('./command-palette.tsx'));

const onMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** The header's search button; Ctrl+K (Cmd+K on a Mac) opens the palette from anywhere. */
export function CommandPaletteButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [wanted, setWanted] = useState(false);
  const show = () => {
    setWanted(true);
    open();
  };
  // Also from inside a field: the shortcut is the way in for a member typing in a filter.
  useHotkeys([['mod+K', show]], []);

  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconSearch size={16} />}
        rightSection={<Kbd size="xs">{onMac() ? '⌘ K' : 'Ctrl K'}</Kbd>}
        onClick={show}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        data-testid="command-palette-button"
      >
        {t('palette.open')}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <CommandPalette opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
