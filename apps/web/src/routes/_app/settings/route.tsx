import { createFileRoute } from '@tanstack/react-router';

/** docs/product-rules.md R5: /settings is a parent route; its empty child path is the main settings page. */
export const Route = createFileRoute('/_app/settings')({});
