import type { InboxItem } from '@backdesk/contract';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { downloadExport } from '../../components/list-page/background-exports.tsx';
import { notify } from '../../lib/notify.ts';
import { useMarkInbox } from './inbox-api.ts';
import { exportIdOf, inboxTarget } from './inbox-target.ts';

/**
 * Opening an item marks it read and goes to the page where its work is done; an "export ready"
 * notice downloads its file.
 */
export function useOpenInboxItem() {
  const { t } = useTranslation('inbox');
  const navigate = useNavigate();
  const mark = useMarkInbox();
  const open = (item: InboxItem) => {
    const target = inboxTarget(item);
    if (!item.read) mark.mutate({ ids: [item.id], read: true });
    const exportId = exportIdOf(item);
    if (exportId !== null)
      downloadExport(exportId).catch(() => notify({ title: t('downloadFailed'), color: 'red' }));
    else if (target)
      void navigate({
        to: target.to,
        params: ('params' in target ? target.params : {}) as never,
        search: target.search as never,
      });
  };
  return { open, mark };
}
