// The node options the server process runs with, one list for `npm start` (scripts/start.mjs) and the
// benchmarks that measure it (bench/support/server.ts), so what is measured is what runs (ADR 411).
// `--max-semi-space-size=8`: V8's young generation at most 3 × 8 MB instead of 3 × 16 MB; an idle server on
// PGlite holds about 40 MB less, at the same CPU per request.
export const SERVER_NODE_OPTIONS = ['--max-semi-space-size=8']
