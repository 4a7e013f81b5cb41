// The security matrix (ADR 080, access-matrix.suite.ts) on PGlite, second half of the route families (ADR 330):
// a file of its own so the two test workers run the halves at once.
import { accessMatrix } from './access-matrix.suite.ts'

accessMatrix('pglite', { index: 1, of: 2 })
