import { createFileRoute } from '@tanstack/react-router';

/** Spec §2: /settings is a parent route; its empty child path is the main settings page. */
export const Route = createFileRoute('/_app/settings')({});
