import type { InboxItem } from '@backdesk/contract';
import { useNavigate } from '@tanstack/react-router';
import { useMarkInbox } from '../api/inbox-api.ts';
import { inboxTarget } from './inbox-target.ts';

/** Opening an item marks it read and goes to the page where its work is done. */
export function useOpenInboxItem() {
  const navigate = useNavigate();
  const mark = useMarkInbox();
  const open = (item: InboxItem) => {
    const target = inboxTarget(item);
    if (!item.read) mark.mutate({ ids: [item.id], read: true });
    if (target) void navigate({ to: target.to, search: target.search as never });
  };
  return { open, mark };
}
