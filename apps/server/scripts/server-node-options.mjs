// The node options the server process runs with, one list for `npm start` (scripts/start.mjs) and the
// benchmarks that measure it (bench/support/server.ts), so what is measured is what runs (ADR 411).
// `--max-semi-space-size=8`: V8's young generation at most 3 × 8 MB instead of 3 × 16 MB; an idle server on
// PGlite holds about 40 MB less, at the same CPU per request.
// `--no-allocation-site-pretenuring`: V8 would otherwise allocate straight into the old generation the objects
// of code whose objects once outlived two young collections (a burst of device posts waiting on the database),
// and keep doing so after the burst: every later request's objects then filled the old generation between full
// collections, and the server's resident set reached 516 MB on PGlite and 360 MB on PostgreSQL where it stays
// near 334 MB and 183 MB without (ADR 430).
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=8', '--no-allocation-site-pretenuring']
