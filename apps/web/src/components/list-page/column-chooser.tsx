import { ActionIcon, Checkbox, Menu, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { IconLayoutColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Density } from './list-prefs.ts';

export interface ChoosableColumn {
  accessor: string;
  title: string;
}

/**
 * Which columns show, and how tightly rows sit. At least one column always stays: a list with no
 * columns would look empty, not hidden.
 */
export function ColumnChooser({
  columns,
  hidden,
  density,
  onHiddenChange,
  onDensityChange,
}: {
  columns: ChoosableColumn[];
  hidden: readonly string[];
  density: Density;
  onHiddenChange: (hidden: string[]) => void;
  onDensityChange: (density: Density) => void;
}) {
  const { t } = useTranslation('list');
  const shown = columns.filter((c) => !hidden.includes(c.accessor));
  return (
    <Menu position="bottom-end" withinPortal closeOnItemClick={false}>
      <Menu.Target>
        <Tooltip label={t('columns.button')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('columns.button')}
            data-testid="column-chooser"
          >
            <IconLayoutColumns size={18} stroke={1.7} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown miw={220} data-testid="column-chooser-menu">
        <Menu.Label>{t('columns.title')}</Menu.Label>
        <Stack gap={6} px="sm" pb="xs">
          {columns.map((column) => {
            const visible = !hidden.includes(column.accessor);
            return (
              <Checkbox
                key={column.accessor}
                label={column.title}
                checked={visible}
                disabled={visible && shown.length === 1}
                onChange={(event) =>
                  onHiddenChange(
                    event.currentTarget.checked
                      ? hidden.filter((h) => h !== column.accessor)
                      : [...hidden, column.accessor],
                  )
                }
                data-testid={`column-toggle-${column.accessor}`}
              />
            );
          })}
        </Stack>
        <Menu.Divider />
        <Menu.Label>{t('density.title')}</Menu.Label>
        <Stack px="sm" pb="xs" gap={4}>
          <SegmentedControl
            size="xs"
            fullWidth
            value={density}
            onChange={(value) => onDensityChange(value as Density)}
            data={[
              { value: 'comfortable', label: t('density.comfortable') },
              { value: 'compact', label: t('density.compact') },
            ]}
            data-testid="density"
          />
          <Text size="xs" c="dimmed">
            {t('keyboardHint')}
          </Text>
        </Stack>
      </Menu.Dropdown>
    </Menu>
  );
}
