// The security matrix (ADR 080, access-matrix.suite.ts) on PGlite; access-matrix.postgres.test.ts runs it on
// PostgreSQL beside it.
import { accessMatrix } from './access-matrix.suite.ts'

accessMatrix('pglite')
