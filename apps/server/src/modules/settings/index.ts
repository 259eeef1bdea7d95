// What other areas may use of settings (test/module-boundaries.test.ts holds them to this entry).
export { createNotificationPreferencesRepository } from './account/notification-preferences.repository.ts';
