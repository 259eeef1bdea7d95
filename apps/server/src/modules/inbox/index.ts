// What other areas may use of the inbox (test/module-boundaries.test.ts holds them to this entry).
export type { InboxService } from './inbox.service.ts';
