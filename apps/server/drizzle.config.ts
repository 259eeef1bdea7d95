import { defineConfig } from 'drizzle-kit';

// The hand-written SQL migrations in ./drizzle are the schema's source of truth and src/db/schema.ts
// mirrors them (docs/decisions/0024-schema-source-of-truth.md; src/db/schema.test.ts checks it). This
// config serves drizzle-kit's read-only tools (studio); `drizzle-kit generate` is not used.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
