/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { complaint, dsn } from "../../../../test/support/bounce-messages"
import { startImapServer, type ImapTestServer } from "../../../../test/support/imap-test-server"
import { WaitlistDatabase } from "../../store/waitlist-database"
import { linkTokenKey, newLinkToken } from "../../waitlist/link-tokens"
import { NOTHING_TO_DELIVER } from "../../waitlist/plan-deliveries"
import { BounceMailbox, PROCESSED } from "../bounce-mailbox"
import { verpAddress } from "../delivery-tags"

const BOUNCES = "bounces@storyling.example.com"
const NOW = new Date()

let imap: ImapTestServer
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bounce-mailbox-"))
beforeAll(async () => {
  imap = await startImapServer()
}, 120_000)
afterAll(async () => {
  await imap?.stop()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe("the bounce mailbox, read over IMAP from a real dovecot", () => {
  it("suppresses the address of a DSN and of a complaint, flags every message it read, and counts nothing twice", async () => {
    const store = new WaitlistDatabase({ kind: "sqlite", file: path.join(dir, "w.sqlite") })
    for (const email of ["gone@example.org", "angry@example.org", "fine@example.org"]) {
      const confirmation = { mail: { kind: "confirm" as const, recipient: email, payload: "{}" }, tokenKey: linkTokenKey(newLinkToken()), leaveTokenKey: linkTokenKey(newLinkToken()), expiresAt: NOW }
      await store.submit({ entry: { name: "R", email, message: "", metadata: {} }, discard: false, rateLimit: null, plan: { ...NOTHING_TO_DELIVER, confirmation }, now: NOW })
    }
    const tags = Object.fromEntries((await store.outbox.claim(NOW, 60_000, 10, "mail")).map((delivery) => [delivery.recipient, delivery.tag ?? ""]))
    await imap.deliver(dsn({ to: verpAddress(BOUNCES, tags["gone@example.org"] ?? "") }))
    await imap.deliver(complaint({ to: "fbl@storyling.example.com", headerTag: tags["angry@example.org"] }))
    await imap.deliver("From: someone@example.net\r\nTo: bounces@storyling.example.com\r\nSubject: hello\r\n\r\nNot a bounce.\r\n")
    const log: string[] = []
    const mailbox = new BounceMailbox({ settings: { url: imap.url, pollMs: 60_000 }, store: () => store, bounceAddress: BOUNCES, log: (line) => log.push(line) })
    expect(await mailbox.readOnce()).toBe(3)
    expect(await store.bounces.isSuppressed("gone@example.org")).toBe(true)
    expect(await store.bounces.isSuppressed("angry@example.org")).toBe(true)
    expect(await store.bounces.isSuppressed("fine@example.org")).toBe(false)
    expect([...(await imap.flags()).values()]).toEqual([
      [PROCESSED, "\\Seen"],
      [PROCESSED, "\\Seen"],
      [PROCESSED, "\\Seen"],
    ])
    expect(log.join("\n")).not.toMatch(/@/)
    // Read again: nothing is new; the same DSN delivered a second time counts once.
    expect(await mailbox.readOnce()).toBe(0)
    await imap.deliver(dsn({ to: verpAddress(BOUNCES, tags["gone@example.org"] ?? "") }))
    expect(await mailbox.readOnce()).toBe(1)
    expect(log[log.length - 1]).toMatch(/counted before/)
    await store.close()
  }, 60_000)

  it("logs once that it cannot read a mailbox whose password is wrong, and goes on", async () => {
    const log: string[] = []
    const url = imap.url.replace(/:[^:@/]+@/, ":wrong@")
    const mailbox = new BounceMailbox({ settings: { url, pollMs: 60_000 }, store: () => { throw new Error("not reached") }, bounceAddress: BOUNCES, log: (line) => log.push(line) })
    mailbox.start()
    await new Promise((resolve) => setTimeout(resolve, 3000))
    await mailbox.stop()
    expect(log).toEqual([expect.stringMatching(/^bounces: cannot read the bounce mailbox, will try again: /)])
    expect(log[0]).not.toContain("wrong")
  }, 30_000)
})
