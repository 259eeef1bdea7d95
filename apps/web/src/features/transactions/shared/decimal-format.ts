// Kept for the pages that still import from here; the one implementation is lib/locale-format.ts.
export { formatDateTime, formatDecimal } from '../../../lib/locale-format.ts';
