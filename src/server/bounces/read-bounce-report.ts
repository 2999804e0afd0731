/**
 * What a returned message says: a delivery status notification (RFC 3464),
 * a complaint (ARF, RFC 5965) or neither, and the delivery tags it names.
 * It is hostile input, so every part of it is bounded before it is parsed.
 */
import { Splitter } from "@zone-eu/mailsplit"
import { DELIVERY_HEADER, tagOfVerpAddress } from "../outbox/delivery-tags"

/** The largest message read; a bounce of one of our mails is a few dozen KB. */
export const MAX_BOUNCE_BYTES = 1024 * 1024
const MAX_PARTS = 64
const MAX_HEAD_BYTES = 64 * 1024
const MAX_REPORT_BYTES = 64 * 1024

/** One recipient of a DSN: what the reporting server did, the status code, and its diagnostic. */
export type DsnRecipient = { action: string; status: string; diagnostic: string }

export type BounceReport = {
  type: "dsn" | "complaint" | "other"
  /** DSN: each recipient it reports on. */
  recipients: DsnRecipient[]
  /** Complaint: the ARF Feedback-Type (abuse, fraud, not-spam…). */
  feedbackType: string
  /** Tags of the VERP addresses the message was sent to, as written (unchecked). */
  verpTags: string[]
  /** Tags in the headers of the returned message, as written (unchecked). */
  headerTags: string[]
}

/** The headers whose addresses say where a bounce was delivered, in the order MTAs add them. */
const ENVELOPE_HEADERS = ["delivered-to", "x-original-to", "envelope-to", "to"]

/** The fields of an RFC 822-style block (a DSN's groups, an ARF report), names in lower case, continuation lines unfolded. */
function fieldsOf(block: string): Map<string, string> {
  const fields = new Map<string, string>()
  let last = ""
  for (const line of block.split("\n")) {
    if (/^[ \t]/.test(line) && last) fields.set(last, `${fields.get(last) ?? ""} ${line.trim()}`)
    else {
      const colon = line.indexOf(":")
      if (colon <= 0) continue
      last = line.slice(0, colon).trim().toLowerCase()
      if (!fields.has(last)) fields.set(last, line.slice(colon + 1).trim())
    }
  }
  return fields
}

/** The per-recipient groups of a message/delivery-status body (the first group is per-message). */
function dsnRecipients(body: string): DsnRecipient[] {
  const groups = body.replace(/\r\n/g, "\n").split(/\n[ \t]*\n/)
  return groups.slice(1).flatMap((group) => {
    const fields = fieldsOf(group)
    const action = fields.get("action")?.toLowerCase() ?? ""
    if (!action) return []
    const status = /^\s*([245]\.\d{1,3}\.\d{1,3})/.exec(fields.get("status") ?? "")?.[1] ?? ""
    return [{ action, status, diagnostic: (fields.get("diagnostic-code") ?? "").slice(0, 300) }]
  })
}

/** The addresses of a header's value: those in angle brackets, or the bare words holding an @. */
const addressesIn = (value: string): string[] => {
  const bracketed = [...value.matchAll(/<([^<>\s]{1,320})>/g)].map((match) => match[1] ?? "")
  return bracketed.length > 0
    ? bracketed
    : value.split(/[\s,;]+/).filter((word) => word.includes("@") && word.length <= 320)
}

/** The value of each `name:` header line of a header block given as text. */
const headerValues = (block: string, name: string): string[] =>
  block
    .replace(/\r\n/g, "\n")
    .split("\n")
    .flatMap((line) =>
      line.toLowerCase().startsWith(`${name.toLowerCase()}:`) ? [line.slice(name.length + 1).trim()] : [],
    )

/** The parts read: the reports, and the returned message or its headers (only the header block of a whole message counts). */
const REPORT_TYPES = new Set([
  "message/delivery-status",
  "message/global-delivery-status",
  "message/feedback-report",
  "text/rfc822-headers",
  "message/global-headers",
  "message/rfc822",
  "message/global",
])

type SplitNode = {
  type: string
  root?: boolean
  contentType?: string | false
  headers?: { get(key: string): string[] } | false
  value?: Buffer
  getDecoder?: () => NodeJS.ReadWriteStream
}

/** The decoded text of a node's body chunks, the first MAX_REPORT_BYTES of it. */
async function decodedText(node: SplitNode, chunks: Buffer[]): Promise<string> {
  const decoder = node.getDecoder?.()
  if (!decoder) return Buffer.concat(chunks).toString("utf8")
  const out: Buffer[] = []
  decoder.on("data", (chunk: Buffer) => out.push(chunk))
  const ended = new Promise<void>((resolve, reject) => {
    decoder.on("end", resolve)
    decoder.on("error", reject)
  })
  for (const chunk of chunks) decoder.write(chunk)
  decoder.end()
  await ended
  return Buffer.concat(out).toString("utf8").slice(0, MAX_REPORT_BYTES)
}

/**
 * Reads a message handed to the bounce command or found in the bounce
 * mailbox. `envelopeTo` is the address the MTA delivered it to, when it
 * says (the pipe's recipient).
 * @throws Error for a message larger than MAX_BOUNCE_BYTES or MIME the splitter refuses
 */
export async function readBounceReport(
  raw: Buffer,
  bounceAddress: string | null,
  envelopeTo: string | null = null,
): Promise<BounceReport> {
  if (raw.length > MAX_BOUNCE_BYTES)
    throw new Error(`the message is larger than ${MAX_BOUNCE_BYTES / 1024} KB: no bounce of ours is`)
  const report: BounceReport = { type: "other", recipients: [], feedbackType: "", verpTags: [], headerTags: [] }
  const splitter = new Splitter({ maxHeadSize: MAX_HEAD_BYTES, maxChildNodes: MAX_PARTS, ignoreEmbedded: false })
  const parts: { node: SplitNode; chunks: Buffer[]; bytes: number }[] = []
  let current: { node: SplitNode; chunks: Buffer[]; bytes: number } | null = null
  const envelope: string[] = envelopeTo ? [envelopeTo] : []
  const emitter = splitter as unknown as NodeJS.EventEmitter
  const done = new Promise<void>((resolve, reject) => {
    emitter.on("data", (data: SplitNode) => {
      if (data.type === "node") {
        const headers = data.headers || null
        const lines = (headers?.get(DELIVERY_HEADER.toLowerCase()) ?? []).map((line) => line.replace(/^[^:]*:/, ""))
        report.headerTags.push(...lines.map((line) => line.trim()).filter((line) => line.length <= 64))
        if (data.root && parts.length === 0) {
          for (const name of ENVELOPE_HEADERS)
            for (const line of headers?.get(name) ?? []) envelope.push(...addressesIn(line.replace(/^[^:]*:/, "")))
        }
        current = { node: data, chunks: [], bytes: 0 }
        parts.push(current)
      } else if (
        data.type === "body" &&
        current &&
        REPORT_TYPES.has(String(current.node.contentType)) &&
        current.bytes < MAX_REPORT_BYTES &&
        data.value
      ) {
        current.chunks.push(data.value)
        current.bytes += data.value.length
      }
    })
    emitter.on("end", resolve)
    emitter.on("error", reject)
  })
  splitter.end(raw)
  await done
  for (const { node, chunks } of parts) {
    const type = String(node.contentType)
    if (!REPORT_TYPES.has(type)) continue
    const text = await decodedText(node, chunks)
    if (type.endsWith("delivery-status")) {
      report.type = "dsn"
      report.recipients.push(...dsnRecipients(text))
    } else if (type === "message/feedback-report") {
      report.type = "complaint"
      report.feedbackType = (fieldsOf(text.replace(/\r\n/g, "\n")).get("feedback-type") ?? "").toLowerCase()
    } else {
      const head = text.replace(/\r\n/g, "\n").split("\n\n")[0] ?? ""
      report.headerTags.push(...headerValues(head, DELIVERY_HEADER).filter((value) => value.length <= 64))
    }
  }
  if (bounceAddress)
    report.verpTags = envelope
      .flatMap((address) => tagOfVerpAddress(bounceAddress, address) ?? [])
      .filter((tag) => tag.length <= 64)
  return report
}
