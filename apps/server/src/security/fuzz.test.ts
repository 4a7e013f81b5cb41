// Every request body fuzzed (ADR 080, fuzz.suite.ts) on PGlite; fuzz.postgres.test.ts runs it on PostgreSQL
// beside it.
import { fuzzRequestBodies } from './fuzz.suite.ts'

fuzzRequestBodies('pglite')
