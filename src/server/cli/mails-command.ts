import { deliveryOfTag } from "../outbox/delivery-tags"
import { deliveryById } from "../outbox/outbox-queries"
import type { Db } from "../db/db"
import { emlFiles, MAX_LISTED, readLocalMail, type LocalMail } from "../mails/local-mails"
import { inertText } from "./inert-text"

/** What each kind of delivery is called in the list. */
const KIND_NAMES: Record<string, string> = {
  notify: "team notice",
  confirm: "confirmation",
  announcement: "announcement",
}

/** A mail's kind: its delivery's, found by its tag; without one, a test send or the team's health alert (the only mails outside the outbox); unknown when its delivery was erased since. */
async function kindOf(db: Db, mail: LocalMail): Promise<string> {
  if (mail.tag === null) return /^\[Test of /.test(mail.subject) ? "announcement test" : "mail health alert"
  const { tag } = mail
  const delivery = await db.read(async (on) => {
    const id = deliveryOfTag(db.secret("bounce_key"), tag)
    return id === null ? null : deliveryById(on, id)
  })
  return delivery ? (KIND_NAMES[delivery.kind] ?? delivery.kind) : "unknown"
}

/** The list: one block a mail, newest first, numbered for `--show`, each link whole on a line of its own. */
async function list(db: Db, folder: string): Promise<string> {
  const files = emlFiles(folder)
  if (files.length === 0)
    return `No mail in ${folder}: a local run (SMTP_URL unset) writes each mail there as an .eml file.\n`
  const blocks: string[] = []
  for (const [i, file] of files.entries()) {
    const mail = await readLocalMail(folder, file)
    blocks.push(
      [
        `${i + 1}. ${mail.at.toISOString()}  ${await kindOf(db, mail)}  to ${inertText(mail.to)}`,
        `   ${inertText(mail.subject)}`,
        ...mail.links.map((link) => `   ${inertText(link)}`),
      ].join("\n"),
    )
  }
  const more = files.length === MAX_LISTED ? ` (the newest ${MAX_LISTED})` : ""
  return `Mails in ${folder}${more}, newest first; \`mails --show N\` prints one:\n\n${blocks.join("\n\n")}\n`
}

/** One mail as plain text: its headers a person reads, then its text part. */
async function show(db: Db, folder: string, n: number): Promise<string> {
  const file = emlFiles(folder)[n - 1]
  if (!file) throw new Error(`there is no mail ${n}: \`npm run waitlist -- mails\` lists them`)
  const mail = await readLocalMail(folder, file)
  return `${[
    `Date: ${mail.at.toISOString()}`,
    `To: ${inertText(mail.to)}`,
    `Subject: ${inertText(mail.subject)}`,
    `Kind: ${await kindOf(db, mail)}`,
    `File: ${file}`,
    "",
    inertText(mail.text),
  ].join("\n")}\n`
}

/** `mails` or `mails --show N`, or what is wrong with the arguments. */
export function mailsCommandOf(
  rest: string[],
): ((db: Db, out: (text: string) => void, folder: string) => Promise<void>) | string {
  if (rest.length === 0) return async (db, out, folder) => out(await list(db, folder))
  const n = rest[0] === "--show" && rest.length === 2 && /^\d{1,6}$/.test(rest[1] ?? "") ? Number(rest[1]) : 0
  if (n < 1) return `mails takes --show N, N the number the list gives a mail (1 for the newest; up to ${MAX_LISTED})`
  return async (db, out, folder) => out(await show(db, folder, n))
}
