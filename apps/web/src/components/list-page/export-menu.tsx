import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buildUrl } from '../../lib/api.ts';
import { startExport } from './background-exports.tsx';

/**
 * Links to the files; a click asks for the file itself, so that an export over the server's
 * threshold, answered 202 and written in the background, shows its progress instead (decision 0015).
 */
export function ExportMenu({
  path,
  query,
  label,
  formats,
  testId = 'export',
}: {
  path: string;
  query: Record<string, unknown>;
  label: string;
  formats: { csv: string; xlsx: string };
  /** Names the menu (`<testId>-menu`) and its items (`<testId>-csv`): a page may show two. */
  testId?: string;
}) {
  const client = useQueryClient();
  const { t } = useTranslation('list');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} stroke={1.7} />}
          rightSection={<IconChevronDown size={14} />}
          data-testid={`${testId}-menu`}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(['csv', 'xlsx'] as const).map((format) => (
          <Menu.Item
            key={format}
            component="a"
            href={buildUrl(path, { ...query, format })}
            download
            onClick={(event) => {
              event.preventDefault();
              void startExport(buildUrl(path, { ...query, format }), client, t);
            }}
            data-testid={`${testId}-${format}`}
          >
            {formats[format]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
