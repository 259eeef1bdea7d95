import { Badge, Group, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatApproximate } from '../../../lib/locale-format.ts';
import classes from './command-palette.module.css';
import { type PaletteResult, type PaletteTotal, usePaletteResults } from './use-palette-results.ts';

/** "N results": every match, and how many of them are listed when that is fewer. */
function paletteCount(t: TFunction, locale: string, total: PaletteTotal): string {
  const formatted = total.exact
    ? formatInteger(locale, total.value)
    : `≈ ${formatApproximate(locale, total.value)}`;
  if (total.value <= total.shown) return t('palette.count', { count: total.value, formatted });
  return t('palette.countShown', {
    count: total.value,
    formatted,
    shown: formatInteger(locale, total.shown),
  });
}

/**
 * The command palette (Ctrl+K / Cmd+K): one field, results below it. Keyboard first: the field
 * keeps the focus, ↑/↓ move the active result (announced through aria-activedescendant), Enter
 * opens it, Escape closes. Loaded on demand by CommandPaletteButton.
 */
export default function CommandPalette({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 200);
  const { results, total, loading } = usePaletteResults(debounced);
  const { locale } = useLanguage();
  const [chosen, setActive] = useState(0);
  // Results change under the choice as they arrive: keep it on one that exists.
  const active = Math.min(chosen, results.length - 1);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (!opened) setQuery('');
  }, [opened]);

  const open = (result: PaletteResult) => {
    onClose();
    void navigate(result.link as never);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const last = results.length - 1;
    if (event.key === 'ArrowDown') setActive(active >= last ? 0 : active + 1);
    else if (event.key === 'ArrowUp') setActive(active <= 0 ? last : active - 1);
    else if (event.key === 'Home' && event.ctrlKey) setActive(0);
    else if (event.key === 'End' && event.ctrlKey) setActive(last);
    else if (event.key === 'Enter' && active >= 0) open(results[active]!);
    else return;
    event.preventDefault();
  };

  const status =
    debounced.trim() === ''
      ? t('palette.hint')
      : loading && results.length === 0
        ? t('palette.searching')
        : results.length === 0
          ? t('palette.empty')
          : paletteCount(t, locale, total);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('palette.title')}
      size="lg"
      yOffset="10vh"
      data-testid="command-palette"
    >
      <Stack gap="sm">
        <TextInput
          data-autofocus
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('palette.placeholder')}
          aria-label={t('palette.placeholder')}
          leftSection={<IconSearch size={16} />}
          rightSection={loading ? <Loader size={14} /> : null}
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          data-testid="command-palette-input"
        />
        <Text size="xs" c="dimmed" role="status" aria-live="polite">
          {status}
        </Text>
        <div
          id={listId}
          role="listbox"
          aria-label={t('palette.results')}
          // Busy while the typed text has not been searched yet: the results may still change.
          aria-busy={loading || query !== debounced}
          className={classes.list}
        >
          {results.map((result, index) => (
            <UnstyledButton
              key={result.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              className={classes.option}
              data-active={index === active || undefined}
              data-kind={result.kind}
              onMouseMove={() => setActive(index)}
              onClick={() => open(result)}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {result.label}
                  </Text>
                  {result.detail && (
                    <Text size="xs" c="dimmed" truncate>
                      {result.detail}
                    </Text>
                  )}
                </Stack>
                <Badge variant="light" size="sm">
                  {t(`palette.kinds.${result.kind}`)}
                </Badge>
              </Group>
            </UnstyledButton>
          ))}
        </div>
      </Stack>
    </Modal>
  );
}
