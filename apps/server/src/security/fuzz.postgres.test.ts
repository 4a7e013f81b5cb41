// Every request body fuzzed (ADR 080, fuzz.suite.ts) on PostgreSQL, skipped without DATABASE_URL.
import { fuzzRequestBodies } from './fuzz.suite.ts'

fuzzRequestBodies('postgres')
