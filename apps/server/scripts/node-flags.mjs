// The node options the server process runs with, in `npm start` (start.mjs) and in the benchmarks
// (bench/support/server.ts), so a figure measured there is the process that ships (ADR 396).
//
// --max-semi-space-size=8: V8's young generation grows to three 16 MB semi-spaces under load (48 MB resident
// that a server of 2,000 devices' posts keeps); 8 MB each holds a request's garbage with scavenges as cheap.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8']
