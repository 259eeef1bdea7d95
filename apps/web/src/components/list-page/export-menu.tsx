import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { buildUrl } from '../../lib/api.ts';

/** Plain links: the browser downloads the streamed file itself, with the session cookie. */
export function ExportMenu({
  path,
  query,
  label,
  formats,
}: {
  path: string;
  query: Record<string, unknown>;
  label: string;
  formats: { csv: string; xlsx: string };
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} stroke={1.7} />}
          rightSection={<IconChevronDown size={14} />}
          data-testid="export-menu"
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
            data-testid={`export-${format}`}
          >
            {formats[format]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
