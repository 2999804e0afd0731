/**
 * Node's flags for the production server's heap: a young generation of at
 * most 32 MB a half and an old one grown 30% past its live data, so a flood
 * of requests grows the process by tens of MB, not 200, for about 5% of the
 * saturated sign-ups (see "Memory under a flood" in docs/benchmarks.md).
 * V8 sizes its young generation only from the command line, so they are
 * given where the server starts: package.json's serve, the Dockerfile, the
 * systemd unit of docs/operating.md (container-files.test.ts holds them to
 * this list) and the launchers of the tests and benchmarks.
 */
export const HEAP_FLAGS = ["--max-semi-space-size=32", "--heap-growing-percent=30"] as const

/** The flags of HEAP_FLAGS a process was started without. */
export const missingHeapFlags = (execArgv: readonly string[]): string[] =>
  HEAP_FLAGS.filter((flag) => !execArgv.includes(flag))
