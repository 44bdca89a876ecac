import { availableParallelism } from 'node:os';

/**
 * argon2 hashes on libuv's thread pool (4 threads by default). More CPU-bound hash threads than cores
 * crowd out the event loop and its database round trips, so sign-in latency grows with the pool; one
 * thread per core (at least 2) keeps the cores busy without that. Imported first by main.ts, because
 * the pool reads the variable once, on first use. A non-empty `UV_THREADPOOL_SIZE` in the environment wins.
 */
process.env.UV_THREADPOOL_SIZE ||= String(Math.max(2, availableParallelism()));
