/**
 * The process' one logger, made once at start and passed down: pino's JSON
 * lines, or pino-pretty on a terminal. Code logs ids, never a visitor's
 * data; as a second guard every string goes through `withoutAddresses`, so
 * an address inside an error text is written as `[address]`.
 */
import pino, { type DestinationStream, type Logger as PinoLogger } from "pino"
import pinoPretty from "pino-pretty"
import type { LogSettings } from "../settings"

/** What every part of the server logs through. */
export type Logger = PinoLogger

/** Characters that end an address's run on either side of its `@`. */
const NOT_IN_ADDRESS = new Set([..." \t\r\n<>()[]{}\"'`,;:|\\"])

/**
 * `text` with every run of characters around an `@` (something@something)
 * written as `[address]`. Linear: each character is looked at a bounded
 * number of times, whatever the text.
 */
export function withoutAddresses(text: string): string {
  if (!text.includes("@")) return text
  let out = ""
  let copied = 0
  let at = text.indexOf("@")
  while (at !== -1) {
    let start = at
    while (start > copied && !NOT_IN_ADDRESS.has(text[start - 1] as string)) start--
    let end = at + 1
    while (end < text.length && !NOT_IN_ADDRESS.has(text[end] as string)) end++
    if (start < at && end > at + 1) {
      out += `${text.slice(copied, start)}[address]`
      copied = end
    }
    at = text.indexOf("@", Math.max(at + 1, end))
  }
  return out + text.slice(copied)
}

/** A value of a log line with the addresses in its strings taken out (see withoutAddresses); errors become their type, message and stack. */
function scrubbed(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return withoutAddresses(value)
  if (value instanceof Error)
    return { type: value.name, message: withoutAddresses(value.message), stack: withoutAddresses(value.stack ?? "") }
  if (value === null || typeof value !== "object" || depth > 2) return value
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, depth + 1))
  // A line of every request passes here: it is copied only when a value of it changes.
  let copy: Record<string, unknown> | null = null
  for (const [key, item] of Object.entries(value)) {
    const clean = scrubbed(item, depth + 1)
    if (clean !== item) (copy ??= { ...value })[key] = clean
  }
  return copy ?? value
}

/** Where the lines go: a file descriptor (stdout's), written synchronously so that no line is lost at exit, or any stream (the tests'). */
export type LogOutput = { fd: number; isTTY?: boolean } | (NodeJS.WritableStream & { fd?: undefined; isTTY?: boolean })

/** Whether the lines are written for a person to read: on a terminal (auto), or when asked. */
const readable = ({ format }: LogSettings, output: LogOutput) =>
  format === "pretty" || (format === "auto" && output.isTTY === true)

/** The output as pino-pretty and pino take it. */
const destinationOf = (output: LogOutput): DestinationStream =>
  output.fd === undefined ? output : pino.destination({ dest: output.fd, sync: true })

/**
 * The logger of the process, writing to `output` (stdout): JSON lines, or
 * readable ones (see LogSettings' format).
 */
export function createLogger(settings: LogSettings, output: LogOutput = process.stdout): Logger {
  const destination: DestinationStream = readable(settings, output)
    ? pinoPretty({
        destination: output.fd ?? output,
        sync: true,
        colorize: output.isTTY === true,
        singleLine: true,
        translateTime: "SYS:HH:MM:ss.l",
        ignore: "pid,hostname",
      })
    : destinationOf(output)
  return pino(
    {
      level: settings.level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((arg) => scrubbed(arg)) as Parameters<typeof method>)
        },
      },
    },
    destination,
  )
}
