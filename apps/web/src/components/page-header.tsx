import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import type en from '../locales/en/common.json';

/** A page's title, as a key of the common namespace's `pages`. */
export type PageTitleKey = keyof typeof en.pages;

/** The page heading; it also names the browser tab, so the two never disagree. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
      <div>
        <Title order={1} fz={26} lh={1.2}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm" mt={4}>
            {description}
          </Text>
        )}
      </div>
      {actions}
    </Group>
  );
}
