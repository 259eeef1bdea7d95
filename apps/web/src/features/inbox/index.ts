// What other features use of the inbox; they import from here, not from its internals.
export {
  OPEN_WORK_LIMIT,
  OPEN_WORK_VIEWS,
  type OpenWorkView,
  openWorkSearch,
  useInboxSummary,
  useOpenWork,
} from './api/inbox-api.ts';
export { InboxAge, InboxKind, InboxSla, InboxSubject } from './components/inbox-cells.tsx';
export { inboxTarget, opensSomething } from './components/inbox-target.ts';
export { useOpenInboxItem } from './components/use-open-item.ts';
export { liveEvents } from './live-events.ts';
