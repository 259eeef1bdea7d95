import type { ListKey } from '@backdesk/contract';
import * as savedViewsRoutes from '@backdesk/contract/routes/saved-views';
import { ActionIcon, Button, Menu, Text } from '@mantine/core';
import { IconBookmark, IconBookmarkPlus, IconChevronDown, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../lib/api.ts';
import { savedViewsRef } from '../../lib/contract.ts';
import { errorText } from '../../lib/errors.ts';
import { notify } from '../../lib/notify.ts';
import { useSettledMutation } from '../../lib/settled-mutation.ts';
import { useFirstContentShown } from '../content-ready.ts';
import type { SearchValues } from './list-source.ts';

const endpoints = {
  list: savedViewsRef(savedViewsRoutes.listSavedViews),
  save: savedViewsRef(savedViewsRoutes.saveView),
  delete: savedViewsRef(savedViewsRoutes.deleteSavedView),
};

const SaveViewModal = lazy(() => import('./save-view-modal.tsx'));

const viewsKey = (list: ListKey) => ['saved-views', list] as const;

/** URL values as the server keeps them: text (the route reads `limit` back into a number). */
const asText = (search: SearchValues): Record<string, string> =>
  Object.fromEntries(
    Object.entries(search).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  );

/**
 * The member's saved filters of one list (kept on the server, so they follow the member): apply one,
 * save the current filters, sort and page size under a name (the same name replaces), delete one.
 */
export function SavedViews({
  list,
  current,
  onApply,
}: {
  list: ListKey;
  /** What a view saves: the filters plus sort, direction and page size. */
  current: SearchValues;
  onApply: (search: Record<string, string>) => void;
}) {
  const { t } = useTranslation(['list', 'common']);
  const views = useQuery({
    queryKey: viewsKey(list),
    queryFn: ({ signal }) => callEndpoint(endpoints.list, { query: { list }, signal }),
    staleTime: 60_000,
    // The menu is closed while the rows are first drawn: its views (and their schemas) can follow them.
    enabled: useFirstContentShown(),
  });
  // The menu shows the stored views once a save or delete returns.
  const save = useSettledMutation(
    viewsKey(list),
    (name: string) => callEndpoint(endpoints.save, { body: { list, name, search: asText(current) } }),
    { awaitReload: true },
  );
  const remove = useSettledMutation(
    viewsKey(list),
    (id: number) => callEndpoint(endpoints.delete, { body: { id } }),
    { awaitReload: true },
  );
  const [naming, setNamingState] = useState(false);
  const [modalWanted, setModalWanted] = useState(false);
  const setNaming = (open: boolean) => {
    if (open) setModalWanted(true);
    setNamingState(open);
  };
  const [name, setName] = useState('');
  const items = views.data?.items ?? [];

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    save.mutate(trimmed, {
      onSuccess: () => {
        setNaming(false);
        setName('');
        notify({ title: t('views.saved', { name: trimmed }), color: 'green' });
      },
    });
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal closeOnItemClick>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconBookmark size={16} stroke={1.7} />}
            rightSection={<IconChevronDown size={14} />}
            data-testid="saved-views"
          >
            {t('views.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown miw={240} data-testid="saved-views-menu">
          {items.length === 0 && (
            <Text size="sm" c="dimmed" px="sm" py={6}>
              {t('views.none')}
            </Text>
          )}
          {items.map((view) => (
            <Menu.Item
              key={view.id}
              onClick={() => onApply(view.search)}
              data-testid="saved-view"
              rightSection={
                <ActionIcon
                  component="span"
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={t('views.delete', { name: view.name })}
                  onClick={(event: React.MouseEvent) => {
                    event.stopPropagation();
                    remove.mutate(view.id, {
                      onError: (error) => notify({ title: errorText(error), color: 'red' }),
                    });
                  }}
                  data-testid="delete-saved-view"
                >
                  <IconTrash size={14} />
                </ActionIcon>
              }
            >
              {view.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconBookmarkPlus size={16} stroke={1.7} />}
            onClick={() => setNaming(true)}
            data-testid="save-view"
          >
            {t('views.saveCurrent')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {/* Its code (Mantine's Modal, focus trap and scroll lock) loads the first time it opens. */}
      {modalWanted && (
        <Suspense fallback={null}>
          <SaveViewModal
            opened={naming}
            onClose={() => setNaming(false)}
            name={name}
            onNameChange={setName}
            onSubmit={submit}
            pending={save.isPending}
            error={save.error ? errorText(save.error) : undefined}
          />
        </Suspense>
      )}
    </>
  );
}
