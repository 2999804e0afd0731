/**
 * @jest-environment node
 */
import fs from "fs"
import os from "os"
import path from "path"
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { BY_COMMAND_LINE } from "../../audit/audit-log"
import { countBounce } from "../../bounces/suppressions"
import { openDb, type Db } from "../../db/db"
import { linkTokenKey, newLinkToken } from "../../entries/link-tokens"
import { deliveriesIn } from "../../outbox/outbox-queries"
import { erasePerson } from "../../people/erasure"
import { readSettings, type StoreSettings } from "../../settings"
import { CONFIRMATION_TTL_MS, NOTHING_TO_DELIVER } from "../../signup/confirmation-rules"
import { confirmAddress, leaveByLink } from "../../signup/links"
import { submitSignup } from "../../signup/sign-up"
import type { SequenceDraft } from "../sequence-mail"
import { runSequences, sequenceStatus, type SequenceIo } from "../sequence-service"

const stores = useThrowawayStores("sequence-job-")
const CONFIRMED = new Date("2027-02-01T09:00:00.000Z")
const DAY_MS = 24 * 60 * 60 * 1000
const later = (ms: number) => new Date(CONFIRMED.getTime() + ms)
const mail = readSettings({ SITE_URL: "https://storyling.example.com" }).mail

/** A folder of steps: each `[name, after, languages]`, its body greeting the reader and saying their place. */
function stepsFolder(steps: [string, string, string[]][]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sequence-steps-"))
  writeSteps(dir, steps)
  return dir
}
function writeSteps(dir: string, steps: [string, string, string[]][]) {
  for (const [name, after, languages] of steps)
    for (const lang of languages)
      fs.writeFileSync(
        path.join(dir, lang === "en" ? `${name}.md` : `${name}.${lang}.md`),
        `---\nsubject: ${name} (${lang})\nafter: ${after}\n---\nHi {{name}}, number {{place}}: {{personalLink}}\n`,
      )
}

/** A person signs up from a page in `locale` and confirms at CONFIRMED; gives their leave link's token. */
async function confirmedPerson(db: Db, email: string, locale: string): Promise<string> {
  const leaveToken = newLinkToken()
  const confirmation = {
    mail: { kind: "confirm" as const, recipient: email, payload: "{}" },
    tokenKey: linkTokenKey(newLinkToken()),
    leaveTokenKey: linkTokenKey(leaveToken),
    expiresAt: new Date(CONFIRMED.getTime() + CONFIRMATION_TTL_MS),
  }
  await submitSignup(db, {
    entry: { name: email.split("@")[0] ?? "", email, message: "", metadata: { locale } },
    discard: false,
    rateLimit: null,
    plan: { ...NOTHING_TO_DELIVER, confirmation },
    now: CONFIRMED,
  })
  await confirmAddress(db, confirmation.tokenKey, CONFIRMED, null)
  return leaveToken
}

/** The sequence mails queued so far: who, which step, in which language. */
async function queued(db: Db): Promise<string[]> {
  const deliveries = await deliveriesIn(db, ["pending", "failed", "sent"])
  return deliveries
    .filter((delivery) => delivery.kind === "sequence" && delivery.status === "pending")
    .map((delivery) => {
      const draft = JSON.parse(delivery.payload) as SequenceDraft
      return `${delivery.recipient} ${draft.step} ${draft.lang}`
    })
    .sort()
}

const ioOf = (db: Db, dir: string): SequenceIo => ({
  db,
  dir,
  mail,
  sendMail: () => Promise.reject(new Error("no test send here")),
  now: () => CONFIRMED,
  referralBoost: 5,
})

describe.each([
  ["SQLite", stores.sqlite],
  ["PostgreSQL", stores.postgres],
] as const)("the sequences' job on %s", (_store, storeOf) => {
  let settings: StoreSettings
  let db: Db
  beforeEach(async () => {
    settings = await storeOf()
    db = openDb(settings)
  })
  afterEach(() => db.close())

  it("queues a step once to each confirmed person when it is due, in their language or else English", async () => {
    const io = ioOf(db, stepsFolder([["hello", "30 seconds", ["en", "es"]]]))
    await confirmedPerson(db, "ana@example.com", "es")
    await confirmedPerson(db, "zoe@example.com", "fr")
    await runSequences(io, later(10_000))
    expect(await queued(db)).toEqual([])
    expect(await runSequences(io, later(31_000))).toMatchObject({ queued: 2 })
    await runSequences(io, later(32_000))
    await runSequences(io, later(DAY_MS * 3))
    expect(await queued(db)).toEqual(["ana@example.com hello es", "zoe@example.com hello en"])
  })

  it("queues nothing for a person who left, was erased, or whose address bounced, and drops what waited for one who left", async () => {
    const io = ioOf(db, stepsFolder([["hello", "30 seconds", ["en"]]]))
    const leaving = await confirmedPerson(db, "left@example.com", "en")
    await confirmedPerson(db, "erased@example.com", "en")
    await confirmedPerson(db, "bounced@example.com", "en")
    const stays = await confirmedPerson(db, "stays@example.com", "en")
    await leaveByLink(db, linkTokenKey(leaving), later(1000))
    await erasePerson(db, "erased@example.com", BY_COMMAND_LINE.actor, null, later(1000))
    const confirmations = await deliveriesIn(db, ["pending"])
    const bounced = confirmations.find((delivery) => delivery.recipient === "bounced@example.com")
    await countBounce(db, bounced?.id ?? 0, "hard", "550 5.1.1 no such user", later(1000))
    await runSequences(io, later(31_000))
    expect(await queued(db)).toEqual(["stays@example.com hello en"])
    const [status] = await sequenceStatus({ ...io, now: () => later(31_000) })
    expect(status?.status).toMatchObject({ waiting: 1, due: 0, skipped: { overdue: 0, suppressed: 1 } })
    await leaveByLink(db, linkTokenKey(stays), later(40_000))
    expect(await queued(db)).toEqual([])
  })

  it("queues each step once when two instances run the job at the same time", async () => {
    const dir = stepsFolder([["hello", "30 seconds", ["en"]]])
    const people = Array.from({ length: 30 }, (_, i) => `p${i}@example.com`)
    for (const email of people) await confirmedPerson(db, email, "en")
    const other = openDb(settings)
    try {
      for (const at of [31_000, 32_000, 33_000])
        await Promise.all([runSequences(ioOf(db, dir), later(at)), runSequences(ioOf(other, dir), later(at))])
    } finally {
      await other.close()
    }
    expect(await queued(db)).toEqual(people.map((email) => `${email} hello en`).sort())
  })

  it("sends one step, not both, on the day a server stopped past two comes back, the other a day later", async () => {
    const io = ioOf(
      db,
      stepsFolder([
        ["first", "1 day", ["en"]],
        ["second", "2 days", ["en"]],
      ]),
    )
    await confirmedPerson(db, "ana@example.com", "en")
    await runSequences(io, later(DAY_MS * 3))
    await runSequences(io, later(DAY_MS * 3.5))
    expect(await queued(db)).toEqual(["ana@example.com first en"])
    await runSequences(io, later(DAY_MS * 4))
    expect(await queued(db)).toEqual(["ana@example.com first en", "ana@example.com second en"])
  })

  it("skips a step more than a week overdue, a step added later included, and says why", async () => {
    const dir = stepsFolder([["first", "1 day", ["en"]]])
    const io = ioOf(db, dir)
    await confirmedPerson(db, "ana@example.com", "en")
    await runSequences(io, later(DAY_MS * 1))
    writeSteps(dir, [
      ["early", "2 hours", ["en"]],
      ["next", "8 days", ["en"]],
    ])
    await runSequences(io, later(DAY_MS * 9))
    expect(await queued(db)).toEqual(["ana@example.com first en", "ana@example.com next en"])
    const status = await sequenceStatus({ ...io, now: () => later(DAY_MS * 10) })
    expect(status.map((step) => [step.name, step.status?.waiting, step.status?.skipped.overdue])).toEqual([
      ["early", 0, 1],
      ["first", 1, 0],
      ["next", 1, 0],
    ])
  })
})
