/**
 * The mails a run without SMTP_URL wrote as .eml files (MAIL_OUTBOX_DIR),
 * read back for a person: newest first, each parsed (quoted-printable and
 * encoded words undone), so `npm run waitlist -- mails` can list them with
 * their links whole and show one as plain text.
 */
import fs from "fs"
import path from "path"
import type { AddressObject } from "mailparser"

/** One written mail, as the list shows it. */
export type LocalMail = {
  file: string
  /** When it was written: the time its file's name begins with (see emlName), else the file's. */
  at: Date
  to: string
  subject: string
  /** Its delivery's tag (the Storyling-Delivery header), which names its kind; null for a test send. */
  tag: string | null
  /** The plain text part, decoded. */
  text: string
  /** Every http(s) link of the plain text, whole, in order. */
  links: string[]
}

/** The most mails listed, newest first: a local run writes a few, a long one may have written thousands. */
export const MAX_LISTED = 50

/** The most bytes of a mail read: ours are a few kilobytes. */
const MAX_MAIL_BYTES = 1024 * 1024

const addresses = (field: AddressObject | AddressObject[] | undefined): string =>
  (Array.isArray(field) ? field : field ? [field] : []).map((one) => one.text).join(", ")

/** The time a file's name begins with, as the transport writes it (`2026-03-01T09-00-00-000Z-…`). */
function writtenAt(file: string): Date | null {
  const match = /^(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z-/.exec(file)
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : null
}

/** The .eml files of a folder, newest first (their names begin with the time they were written), at most `max`. */
export function emlFiles(folder: string, max = MAX_LISTED): string[] {
  if (!fs.existsSync(folder)) return []
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .reverse()
    .slice(0, max)
}

/** Reads one written mail. */
export async function readLocalMail(folder: string, file: string): Promise<LocalMail> {
  const full = path.join(folder, file)
  const handle = fs.openSync(full, "r")
  const buffer = Buffer.alloc(Math.min(fs.fstatSync(handle).size, MAX_MAIL_BYTES))
  fs.readSync(handle, buffer, 0, buffer.length, 0)
  fs.closeSync(handle)
  // Loaded when a mail is read: requiring mailparser takes a second of every other command's start on a busy machine.
  const { simpleParser } = await import("mailparser")
  const parsed = await simpleParser(buffer)
  const text = parsed.text ?? ""
  const tag = parsed.headers.get("storyling-delivery")
  return {
    file,
    at: writtenAt(file) ?? fs.statSync(full).mtime,
    to: addresses(parsed.to),
    subject: parsed.subject ?? "",
    tag: typeof tag === "string" ? tag : null,
    text,
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
  }
}
