import { defineConfig } from 'drizzle-kit'

// `npm run db:generate -w apps/server` writes a migration from the schema; read it, then commit it.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
})
