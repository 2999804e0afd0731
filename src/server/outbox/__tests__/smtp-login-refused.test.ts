/**
 * @jest-environment node
 *
 * An SMTP server that refuses our login (535): the mail is retried, never
 * failed for good, and the log says loudly which setting to fix.
 */
import { capturedLogger } from "../../../../test/support/test-logger"
import { SmtpTestServer } from "../../../../test/support/smtp-test-server"
import { createSendMail } from "../../mails/mail-transport"
import { readSettings } from "../../settings"
import { deliverer } from "../deliver"
import type { Delivery } from "../deliveries"

const mail = {
  messageId: "<login@example.com>",
  from: { name: "", address: "site@example.com" },
  to: { name: "", address: "team@example.com" },
  subject: "s",
  text: "t",
  headers: {},
}

let smtp: SmtpTestServer
beforeAll(async () => {
  smtp = await SmtpTestServer.start({ requireLogin: true })
})
afterAll(() => smtp.down())

const tryWith = async (password: string) => {
  const settings = readSettings({ SMTP_URL: `smtp://site:${password}@127.0.0.1:${smtp.port}` })
  const send = deliverer(createSendMail(settings.mail, capturedLogger().log, { pooled: false }), null)
  return send({ id: 1 } as Delivery, { mail }, new AbortController().signal)
}

describe("a mail server that refuses our login", () => {
  it("leaves the mail to be retried, as a refused login and never for good, while the right password delivers it", async () => {
    const refused = await tryWith("a-wrong-password")
    expect(refused).toMatchObject({ ok: false, permanent: false, loginRefused: true })
    expect(refused.ok ? "" : refused.error).toContain("535")
    expect(smtp.mails).toEqual([])
    expect(await tryWith(SmtpTestServer.PASSWORD)).toEqual({ ok: true })
    expect(smtp.mails).toHaveLength(1)
  })
})
