import { findPostgresBin, findRedisServer } from '../support/services.ts'

// The load and fault tests need real PostgreSQL and Redis binaries: say so before anything starts.
export default function setup() {
  const missing: string[] = []
  for (const find of [findPostgresBin, findRedisServer]) {
    try {
      find()
    } catch (error) {
      missing.push((error as Error).message)
    }
  }
  if (missing.length > 0) {
    throw new Error(`npm run test:load needs PostgreSQL and Redis installed:\n- ${missing.join('\n- ')}`)
  }
}
