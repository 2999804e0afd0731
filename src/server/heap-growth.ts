/**
 * A heap that grows with what the server holds, not with what it churns
 * through: by default a flood of requests grows V8's young generation to
 * 64 MB a half and the old one far past its live data (+200 MB of RSS over
 * 20,000 requests on a fresh server; see "Memory under a flood" in
 * docs/benchmarks.md). Imported first by main.ts: set once modules have
 * loaded, the flags come too late to matter.
 */
import v8 from "v8"

v8.setFlagsFromString("--semi-space-growth-factor=1")
v8.setFlagsFromString("--heap-growing-percent=10")
