// What other features use of the inbox; they import from here, not from its internals.
export {
  OPEN_WORK_LIMIT,
  OPEN_WORK_VIEWS,
  type OpenWorkView,
  openWorkSearch,
  useInboxSummary,
  useOpenWork,
} from './inbox-api.ts';
export { InboxAge, InboxKind, InboxSla, InboxSubject } from './inbox-cells.tsx';
export { inboxTarget, opensSomething } from './inbox-target.ts';
export { liveEvents } from './live-events.ts';
export { useOpenInboxItem } from './use-open-item.ts';
