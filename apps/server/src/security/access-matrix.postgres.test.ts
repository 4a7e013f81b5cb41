// The security matrix (ADR 080, access-matrix.suite.ts) on PostgreSQL, skipped without DATABASE_URL.
import { accessMatrix } from './access-matrix.suite.ts'

accessMatrix('postgres')
