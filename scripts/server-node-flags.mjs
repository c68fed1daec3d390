// The Node/V8 flags the production server runs with: `npm start` (package.json), the Dockerfile's CMD and
// the bench's servers (tests/deploy/dockerfile.test.ts checks that all three say the same).
// A 32 MiB young generation (V8's default is 16 MiB on 64-bit): under load the default scavenged about
// ten times a second (--trace-gc), likely while a batch of requests was still in flight, whose objects
// then went to the old generation. Measured (wrk, 50 connections, interleaved A/B, one core busy with
// other work): the embedded default spent 483–518 µs of CPU per request instead of 677–756, and on
// PostgreSQL the p99 fell from 107–152 ms to 62–97 ms at the same CPU per request.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
