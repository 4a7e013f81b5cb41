// The security matrix (ADR 080, access-matrix.suite.ts) on PGlite, first half of the route families with the
// checks of the table as a whole; access-matrix.part2.test.ts runs the other half beside it (ADR 330), and
// access-matrix.postgres.test.ts the whole matrix on PostgreSQL.
import { accessMatrix } from './access-matrix.suite.ts'

accessMatrix('pglite', { index: 0, of: 2 })
