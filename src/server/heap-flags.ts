/**
 * Node's flags for the production server's heap, so a flood of requests
 * grows the process little (docs/benchmarks.md, "Memory under a flood").
 * V8 reads them from the command line only, so every place that starts the
 * server gives them (container-files.test.ts holds those places to this list).
 */
export const HEAP_FLAGS = ["--max-semi-space-size=32", "--heap-growing-percent=30"] as const

/** The flags of HEAP_FLAGS a process was started without. */
export const missingHeapFlags = (execArgv: readonly string[]): string[] =>
  HEAP_FLAGS.filter((flag) => !execArgv.includes(flag))
