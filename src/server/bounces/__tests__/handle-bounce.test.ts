/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { complaint, dsn } from "../../../../test/support/bounce-messages"
import { claimed, markDone, tagOf } from "../../../../test/support/outbox-access"
import { openDb, type Db } from "../../db/db"
import { linkTokenKey, newLinkToken } from "../../entries/link-tokens"
import { NOTHING_TO_DELIVER } from "../../signup/confirmation-rules"
import { verpAddress } from "../../outbox/delivery-tags"
import { handleBounceMessage } from "../handle-bounce"
import { MAX_BOUNCE_BYTES } from "../read-bounce-report"
import { submitSignup } from "../../signup/sign-up"
import { isAddressSuppressed } from "../suppressions"

const BOUNCES = "bounces@storyling.example.com"
const NOW = new Date("2026-12-01T09:00:00.000Z")

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "handle-bounce-"))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
let stores = 0

/** A store with a confirmation mail sent to each address; gives each delivery's tag. */
async function storeWithMailTo(...addresses: string[]) {
  const store = openDb({ kind: "sqlite", file: path.join(dir, `w${++stores}.sqlite`) })
  for (const email of addresses) {
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
  const taken = await claimed(store, NOW, 60_000, 100, "mail")
  for (const delivery of taken) await markDone(store, delivery.id, NOW)
  const tags = Object.fromEntries(
    await Promise.all(taken.map(async (delivery) => [delivery.recipient, await tagOf(store, delivery.id)])),
  )
  return { store, tags }
}

const handle = (store: Db, raw: string | Buffer) => handleBounceMessage(Buffer.from(raw), store, BOUNCES, NOW)

describe("a message that came back to the bounce address", () => {
  jest.setTimeout(30_000)
  it("suppresses the address of the delivery its VERP address names, even when its report is mangled", async () => {
    const { store, tags } = await storeWithMailTo("gone@example.org", "kept@example.org")
    const mangled = dsn({ to: verpAddress(BOUNCES, tags["gone@example.org"] ?? ""), recipient: "g***@example.org" })
    expect((await handle(store, mangled)).line).toMatch(
      /^delivery \d+: a hard bounce \(status 5\.1\.1\) counted; its address is suppressed \(hard bounce\)$/,
    )
    expect(await isAddressSuppressed(store, "gone@example.org")).toBe(true)
    expect(await isAddressSuppressed(store, "kept@example.org")).toBe(false)
    await store.close()
  })

  it("matches a complaint by the tag of the returned mail's header", async () => {
    const { store, tags } = await storeWithMailTo("angry@example.org")
    expect(
      (await handle(store, complaint({ to: "fbl@storyling.example.com", headerTag: tags["angry@example.org"] })))
        .changed,
    ).toBe(true)
    expect(await isAddressSuppressed(store, "angry@example.org")).toBe(true)
    await store.close()
  })

  it("changes nothing for hostile messages: forged tags, a DSN naming another delivery, no failure, huge or malformed MIME", async () => {
    const { store, tags } = await storeWithMailTo("a@example.org", "b@example.org")
    const [idA] = (tags["a@example.org"] ?? "").split("-")
    const hostile: [string, string | Buffer, RegExp][] = [
      ["a forged signature", dsn({ to: verpAddress(BOUNCES, `${idA}-0123456789abcdef`) }), /names no delivery of ours/],
      [
        "a tag of another domain's bounce address",
        dsn({ to: `bounces+${tags["a@example.org"]}@evil.example` }),
        /names no delivery of ours/,
      ],
      [
        "a DSN naming another delivery",
        dsn({
          to: verpAddress(BOUNCES, tags["a@example.org"] ?? ""),
          headerTag: tags["b@example.org"],
          recipient: "b@example.org",
        }),
        /names several deliveries/,
      ],
      [
        "a delayed DSN",
        dsn({ to: verpAddress(BOUNCES, tags["a@example.org"] ?? ""), action: "delayed", status: "4.4.7" }),
        /reports no failure/,
      ],
      [
        "a not-spam report",
        complaint({ to: BOUNCES, headerTag: tags["a@example.org"], feedbackType: "not-spam" }),
        /not a complaint/,
      ],
      [
        "a reply by a person",
        `To: ${verpAddress(BOUNCES, tags["a@example.org"] ?? "")}\r\nSubject: Re: hi\r\n\r\nThanks!\r\n`,
        /neither a delivery status notification/,
      ],
      ["a message over 1 MB", Buffer.alloc(MAX_BOUNCE_BYTES + 1, "a"), /larger than 1024 KB/],
      [
        "10,000 nested multiparts",
        `Content-Type: multipart/mixed; boundary=b0\r\n\r\n${Array.from({ length: 10_000 }, (_, i) => `--b${i}\r\nContent-Type: multipart/mixed; boundary=b${i + 1}\r\n\r\n`).join("")}`,
        /^not read: /,
      ],
      [
        "a report part with no end",
        `Content-Type: multipart/report; boundary=x\r\n\r\n--x\r\nContent-Type: message/delivery-status\r\n\r\n${"Action: failed\r\n".repeat(40_000)}`,
        /reports no failure/,
      ],
      [
        "binary garbage",
        Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 256)),
        /^nothing to count|^not read/,
      ],
    ]
    for (const [, raw, outcome] of hostile) {
      const started = Date.now()
      const { changed, line } = await handle(store, raw)
      expect({ changed, line }).toEqual({ changed: false, line: expect.stringMatching(outcome) })
      expect(Date.now() - started).toBeLessThan(5000)
    }
    expect(await isAddressSuppressed(store, "a@example.org")).toBe(false)
    expect(await isAddressSuppressed(store, "b@example.org")).toBe(false)
    // A genuine one after them still counts, once.
    const genuine = dsn({ to: verpAddress(BOUNCES, tags["a@example.org"] ?? "") })
    expect((await handle(store, genuine)).changed).toBe(true)
    expect((await handle(store, genuine)).line).toMatch(/nothing to count \(counted before\)/)
    await store.close()
  })
})
