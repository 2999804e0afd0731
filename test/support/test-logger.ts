import { Writable } from "stream"
import { createLogger, type Logger } from "../../src/server/observability/logger"

/** A log line as the server writes it: level, time, msg, and the line's own fields. */
export type LogLine = { level: string; time: string; msg: string; [field: string]: unknown }

/** A stream that keeps what is written to it, as a terminal (`isTTY`) or not. */
export function memoryStream(isTTY = false): Writable & { isTTY: boolean; written: string[] } {
  const written: string[] = []
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      written.push(chunk.toString())
      done()
    },
  })
  return Object.assign(stream, { isTTY, written })
}

/** A logger that writes nothing, for tests that do not read the log. */
export const quietLogger: Logger = createLogger({ level: "silent", format: "json" }, memoryStream())

/** The production logger, writing its JSON lines into memory, where the test reads them (parsed, and as written). */
export function capturedLogger(level: "info" | "debug" = "debug"): {
  log: Logger
  lines: () => LogLine[]
  text: () => string
} {
  const stream = memoryStream()
  const log = createLogger({ level, format: "json" }, stream)
  const text = () => stream.written.join("")
  return {
    log,
    lines: () =>
      text()
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine),
    text,
  }
}

/** Whether a line has every field of `wanted`: a string or a number equal, a RegExp matching. */
export function lineMatches(line: LogLine, wanted: Record<string, string | number | RegExp>): boolean {
  return Object.entries(wanted).every(([field, value]) => {
    const actual = line[field]
    return value instanceof RegExp ? typeof actual === "string" && value.test(actual) : actual === value
  })
}
