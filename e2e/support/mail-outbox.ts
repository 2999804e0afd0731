import fs from "fs"
import path from "path"
import { simpleParser, type ParsedMail } from "mailparser"

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The mail the suite's server wrote for this address (it has no SMTP
 * server, so it writes each mail as an .eml file), once it is there; `dir`
 * names the folder of another server's mail, `matches` tells the mail
 * sought from the others to that address.
 */
export async function mailTo(
  address: string,
  timeoutMs = 10_000,
  dir = process.env.E2E_MAIL_OUTBOX_DIR,
  matches: (mail: ParsedMail) => boolean = () => true,
): Promise<ParsedMail> {
  if (!dir) throw new Error("E2E_MAIL_OUTBOX_DIR is not set: run the suite through playwright.config.ts")
  const giveUp = Date.now() + timeoutMs
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith(".eml")) : []
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(path.join(dir, file)))
      const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []
      if (to.some((group) => group.value.some((entry) => entry.address === address)) && matches(mail)) return mail
    }
    if (Date.now() > giveUp) throw new Error(`no mail to ${address} in ${dir}`)
    await pause(100)
  }
}

/** The path and query of the link in a mail's text that opens this Function: the suite's server stands in for the public site. */
export function linkPath(mail: ParsedMail, route: string): string {
  const found = (mail.text ?? "").match(new RegExp(`https?://\\S+${route}\\?\\S+`))?.[0]
  if (!found) throw new Error(`no ${route} link in:\n${mail.text}`)
  const url = new URL(found)
  return `${url.pathname}${url.search}`
}
