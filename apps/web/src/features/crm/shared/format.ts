// Dates and decimals have one implementation (lib/locale-format.ts); re-exported for the CRM pages.
export { formatDate, formatDateTime, formatDecimal } from '../../../lib/locale-format.ts';

export const fullName = (c: { alias_name: string | null; alias_surname: string | null; user_name: string }) =>
  [c.alias_name, c.alias_surname].filter(Boolean).join(' ') || c.user_name;
