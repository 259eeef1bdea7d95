import type { InboxItem } from '@backdesk/contract';
import { ActionIcon, Button, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconMail, IconUserCheck, IconUserMinus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { errorText } from '../../lib/errors.ts';
import { useAssignInbox } from './inbox-api.ts';
import { InboxSelection, inboxList } from './inbox-table.tsx';
import { opensSomething } from './inbox-target.ts';
import { TeamQueues } from './team-queues.tsx';
import { useOpenInboxItem } from './use-open-item.ts';

/** Take or give back one item, and open it; the row's own actions. */
function ItemActions({ item, onOpen }: { item: InboxItem; onOpen: (item: InboxItem) => void }) {
  const { t } = useTranslation('inbox');
  const assign = useAssignInbox();
  const mine = item.assignee !== null;
  return (
    <Group gap={4} wrap="nowrap">
      {item.state === 'open' && (
        // An icon with its name on hover: the pinned actions stay narrow enough at 1280 px for every
        // column beside them, in Turkish too.
        <Tooltip label={mine ? t('actions.unassign') : t('actions.assignToMe')}>
          <ActionIcon
            variant="subtle"
            aria-label={mine ? t('actions.unassign') : t('actions.assignToMe')}
            loading={assign.isPending}
            onClick={(e) => {
              e.stopPropagation();
              assign.mutate({ id: item.id, version: item.version, assign: !mine });
            }}
            data-testid={mine ? 'inbox-unassign' : 'inbox-assign'}
          >
            {mine ? <IconUserMinus size={16} /> : <IconUserCheck size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
      {opensSomething(item) && (
        <Button
          size="compact-xs"
          variant="light"
          onClick={(e) => {
            e.stopPropagation();
            onOpen(item);
          }}
          data-testid="inbox-open"
        >
          {t('actions.open')}
        </Button>
      )}
    </Group>
  );
}

export function InboxPage() {
  const { t } = useTranslation(['inbox', 'common']);
  const { open, mark } = useOpenInboxItem();
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const selection = useMemo(
    () => ({
      ids,
      toggle: (id: number) =>
        setIds((current) => {
          const next = new Set(current);
          if (!next.delete(id)) next.add(id);
          return next;
        }),
    }),
    [ids],
  );

  const markSelected = (read: boolean) =>
    mark.mutate({ ids: [...ids], read }, { onSuccess: () => setIds(new Set()) });

  return (
    <InboxSelection.Provider value={selection}>
      <PageHeader
        title={t('common:pages.inbox')}
        description={t('subtitle')}
        actions={
          ids.size > 0 && (
            <Group gap="xs" data-testid="inbox-bulk">
              <Text size="sm" c="dimmed">
                {t('actions.selected', { count: ids.size })}
              </Text>
              <Button
                variant="light"
                leftSection={<IconCheck size={16} />}
                onClick={() => markSelected(true)}
                loading={mark.isPending}
                data-testid="inbox-mark-read"
              >
                {t('actions.markRead')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconMail size={16} />}
                onClick={() => markSelected(false)}
                loading={mark.isPending}
                data-testid="inbox-mark-unread"
              >
                {t('actions.markUnread')}
              </Button>
            </Group>
          )
        }
      />
      {mark.isError && (
        <Text c="red" size="sm" role="alert">
          {errorText(mark.error)}
        </Text>
      )}
      <TeamQueues onTaken={open} />
      <Title order={2} size="h4" mb="xs">
        {t('personal')}
      </Title>
      <ListPage
        list={inboxList}
        emptyText={t('empty')}
        onRowOpen={open}
        rowActions={(item) => <ItemActions item={item} onOpen={open} />}
      />
    </InboxSelection.Provider>
  );
}
