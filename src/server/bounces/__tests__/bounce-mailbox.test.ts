/**
 * @jest-environment node
 */
import fs from "fs"
import net from "net"
import os from "os"
import path from "path"
import { complaint, dsn } from "../../../../test/support/bounce-messages"
import { startImapServer, type ImapTestServer } from "../../../../test/support/imap-test-server"
import { capturedLogger } from "../../../../test/support/test-logger"
import { claimed, tagOf } from "../../../../test/support/outbox-access"
import { openDb } from "../../db/db"
import { createScheduler } from "../../scheduler"
import { linkTokenKey, newLinkToken } from "../../entries/link-tokens"
import { NOTHING_TO_DELIVER } from "../../signup/confirmation-rules"
import { BounceMailbox, PROCESSED } from "../bounce-mailbox"
import { verpAddress } from "../../outbox/delivery-tags"
import { submitSignup } from "../../signup/sign-up"
import { isAddressSuppressed } from "../suppressions"

const BOUNCES = "bounces@storyling.example.com"

/** A database the mailbox never gets as far as reaching. */
const unopened = openDb({ kind: "sqlite", file: "/nowhere/never-opened.sqlite" })
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
    const store = openDb({ kind: "sqlite", file: path.join(dir, "w.sqlite") })
    for (const email of ["gone@example.org", "angry@example.org", "fine@example.org"]) {
      const confirmation = {
        mail: { kind: "confirm" as const, recipient: email, payload: "{}" },
        tokenKey: linkTokenKey(newLinkToken()),
        leaveTokenKey: linkTokenKey(newLinkToken()),
        expiresAt: NOW,
      }
      await submitSignup(store, {
        entry: { name: "R", email, message: "", metadata: {} },
        discard: false,
        rateLimit: null,
        plan: { ...NOTHING_TO_DELIVER, confirmation },
        now: NOW,
      })
    }
    const tags = Object.fromEntries(
      await Promise.all(
        (await claimed(store, NOW, 60_000, 10, "mail")).map(async (delivery) => [
          delivery.recipient,
          await tagOf(store, delivery.id),
        ]),
      ),
    )
    await imap.deliver(dsn({ to: verpAddress(BOUNCES, tags["gone@example.org"] ?? "") }))
    await imap.deliver(complaint({ to: "fbl@storyling.example.com", headerTag: tags["angry@example.org"] }))
    await imap.deliver(
      "From: someone@example.net\r\nTo: bounces@storyling.example.com\r\nSubject: hello\r\n\r\nNot a bounce.\r\n",
    )
    const { log, lines, text } = capturedLogger()
    const counted: string[] = []
    const mailbox = new BounceMailbox({
      settings: { url: imap.url, pollMs: 60_000 },
      db: store,
      bounceAddress: BOUNCES,
      log,
      onCounted: (kind) => counted.push(kind),
    })
    expect(await mailbox.readOnce()).toBe(3)
    expect(counted.sort()).toEqual(["complaint", "hard"])
    expect(await isAddressSuppressed(store, "gone@example.org")).toBe(true)
    expect(await isAddressSuppressed(store, "angry@example.org")).toBe(true)
    expect(await isAddressSuppressed(store, "fine@example.org")).toBe(false)
    expect([...(await imap.flags()).values()]).toEqual([
      [PROCESSED, "\\Seen"],
      [PROCESSED, "\\Seen"],
      [PROCESSED, "\\Seen"],
    ])
    expect(lines().map((line) => line.msg)).toEqual(
      Array(3).fill("bounces: a message of the bounce mailbox was handled"),
    )
    expect(text()).not.toMatch(/@|\[address\]/)
    // Read again: nothing is new; the same DSN delivered a second time counts once.
    expect(await mailbox.readOnce()).toBe(0)
    await imap.deliver(dsn({ to: verpAddress(BOUNCES, tags["gone@example.org"] ?? "") }))
    expect(await mailbox.readOnce()).toBe(1)
    expect(lines().at(-1)?.outcome).toMatch(/counted before/)
    expect(counted).toHaveLength(2)
    await store.close()
  }, 60_000)

  it("logs once that it cannot read a mailbox whose password is wrong, and goes on", async () => {
    const { log, lines, text } = capturedLogger()
    const url = imap.url.replace(/:[^:@/]+@/, ":wrong@")
    const mailbox = new BounceMailbox({ settings: { url, pollMs: 60_000 }, db: unopened, bounceAddress: BOUNCES, log })
    const scheduler = createScheduler([mailbox.job], { log })
    scheduler.start()
    await new Promise((resolve) => setTimeout(resolve, 3000))
    await scheduler.stop()
    expect(lines()).toEqual([
      expect.objectContaining({ level: "warn", msg: "bounces: cannot read the bounce mailbox, will try again" }),
    ])
    expect(mailbox.readable()).toBe(false)
    expect(text()).not.toContain("wrong")
  }, 30_000)

  it("stops within its grace while a server never answers, closing the connection", async () => {
    const sockets: net.Socket[] = []
    const silent = net.createServer((socket) => void sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve))
    const { port } = silent.address() as net.AddressInfo
    const { log } = capturedLogger()
    const mailbox = new BounceMailbox({
      settings: { url: `imap://u:p@127.0.0.1:${port}/INBOX`, pollMs: 60_000 },
      db: unopened,
      bounceAddress: BOUNCES,
      log,
    })
    const scheduler = createScheduler([mailbox.job], { log })
    try {
      scheduler.start()
      await new Promise((resolve) => setTimeout(resolve, 300))
      const started = Date.now()
      await scheduler.stop(500)
      expect(Date.now() - started).toBeLessThan(2000)
      // A poll cut short by a stop is no failure of the mailbox.
      expect(mailbox.readable()).toBe(true)
    } finally {
      sockets.forEach((socket) => socket.destroy())
      silent.close()
    }
  }, 30_000)
})
