import {
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contentReady } from '../../components/content-ready.ts';
import { formatInteger } from '../../lib/format.ts';
import { useLanguage } from '../../lib/language.ts';
import {
  InboxAge,
  InboxKind,
  InboxSla,
  InboxSubject,
  OPEN_WORK_VIEWS,
  type OpenWorkView,
  opensSomething,
  openWorkSearch,
  useOpenInboxItem,
  useOpenWork,
} from './index.ts';

/**
 * The signed-in member's open work (PRODUCT.md): the oldest items of their inbox — all open, assigned
 * to them, or unread — each opened as the inbox opens it. Its queries live under the inbox's key, so
 * the tab's live events refresh it with the header count.
 */
export function OpenWorkSlot() {
  const { t } = useTranslation(['dashboard', 'inbox']);
  const { locale } = useLanguage();
  const [view, setView] = useState<OpenWorkView>('open');
  const { data, isError, isPlaceholderData } = useOpenWork(view);
  const { open } = useOpenInboxItem();
  const total = data?.total;
  const shown = total && formatInteger(locale, total.value);

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      mt="md"
      component="section"
      aria-labelledby="open-work-title"
      // The items of the view chosen, not the previous view's kept while they load.
      {...contentReady(data !== undefined && !isPlaceholderData, view)}
    >
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h4" id="open-work-title">
          {t('openWork.title')}
        </Title>
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(value) => setView(value as OpenWorkView)}
          data={OPEN_WORK_VIEWS.map((v) => ({ value: v, label: t(`openWork.views.${v}`) }))}
          aria-label={t('openWork.viewsLabel')}
          data-testid="open-work-view"
        />
      </Group>
      {isError ? (
        <Text size="sm" c="red" role="alert">
          {t('openWork.error')}
        </Text>
      ) : data && data.items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="open-work-empty">
          {t(`openWork.empty.${view}`)}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={6} data-testid="open-work" aria-busy={!data}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inbox:columns.kind')}</Table.Th>
                <Table.Th>{t('inbox:columns.subject')}</Table.Th>
                <Table.Th>{t('inbox:columns.age')}</Table.Th>
                <Table.Th>{t('inbox:columns.sla')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('openWork.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.items.map((item) => (
                <Table.Tr key={item.id} data-testid="open-work-item" data-kind={item.kind}>
                  <Table.Td>
                    <InboxKind item={item} />
                  </Table.Td>
                  <Table.Td>
                    <InboxSubject item={item} maw={300} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <InboxAge item={item} />
                  </Table.Td>
                  <Table.Td>
                    <InboxSla item={item} />
                  </Table.Td>
                  <Table.Td ta="right">
                    {opensSomething(item) && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => open(item)}
                        data-testid="open-work-open"
                      >
                        {t('inbox:actions.open')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {total && (
        <Group justify="flex-end" mt="sm">
          <Anchor
            renderRoot={(props) => <Link {...props} to="/inbox" search={openWorkSearch(view)} />}
            size="sm"
            data-testid="open-work-all"
            data-total={total.value}
          >
            {t(total.exact ? 'openWork.all' : 'openWork.allEstimated', { count: total.value, shown })}
          </Anchor>
        </Group>
      )}
    </Paper>
  );
}
