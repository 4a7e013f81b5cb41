import { dropJourneyDatabase } from './database.ts'

/** After the run: the journeys' PostgreSQL database, when they had one (support/database.ts). */
export default async function globalTeardown() {
  const url = process.env.E2E_DATABASE_URL
  if (url) await dropJourneyDatabase(url)
}
