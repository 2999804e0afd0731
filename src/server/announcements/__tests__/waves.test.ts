/**
 * @jest-environment node
 */
import { useThrowawayStores } from "../../../../test/support/throwaway-stores"
import { openDb, type Db } from "../../db/db"
import { CONFIRMATION_TTL_MS, NOTHING_TO_DELIVER } from "../../signup/confirmation-rules"
import { linkTokenKey, newLinkToken } from "../../entries/link-tokens"
import { confirmAddress } from "../../signup/links"
import { submitSignup } from "../../signup/sign-up"
import {
  announcementAudienceOf,
  announcementProgressOf,
  queueAnnouncement,
  type AnnouncementContent,
  type AnnouncementRecipient,
  type WaveFilter,
} from "../announcement-queries"
import { readerLanguage } from "../announcement-service"
import { platformOf, WHOLE_LIST, type Wave } from "../../../waitlist/wave"
import { clientAt } from "../../http/client-address"
import { keepLineFor } from "../../referrals/line"
import { erasePerson } from "../../people/erasure"
import { COMMAND_LINE } from "../../audit/audit-log"

const stores = useThrowawayStores("waves-")
const NOW = new Date("2026-12-01T09:00:00.000Z")
const BOOST = 5
const CONTENT: AnnouncementContent = {
  en: { subject: "It is here", preheader: "", body: "Hi" },
  es: { subject: "Ya está aquí", preheader: "", body: "Hola" },
}
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)"
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8)"

/** Person n (1 to 12) confirms n-th, from a page in Spanish when n is even, on an iPhone when n is a multiple of 3, else on Android. */
async function lineOfTwelve(db: Db): Promise<void> {
  for (let n = 1; n <= 12; n += 1) {
    const email = `p${n}@example.org`
    const at = new Date(NOW.getTime() + n * 1000)
    const tokenKey = linkTokenKey(newLinkToken())
    const confirmation = {
      mail: { kind: "confirm" as const, recipient: email, payload: "{}" },
      tokenKey,
      leaveTokenKey: linkTokenKey(newLinkToken()),
      expiresAt: new Date(at.getTime() + CONFIRMATION_TTL_MS),
    }
    const metadata = { locale: n % 2 === 0 ? "es" : "en", userAgent: n % 3 === 0 ? IPHONE : ANDROID }
    await submitSignup(db, {
      entry: { name: `P${n}`, email, message: "", metadata },
      discard: false,
      rateLimit: null,
      plan: { ...NOTHING_TO_DELIVER, confirmation },
      now: at,
    })
    await confirmAddress(db, tokenKey, at, null)
  }
}

const mailFor = (reader: AnnouncementRecipient) => ({
  lang: readerLanguage(CONTENT, reader.metadata),
  leaveTokenKey: linkTokenKey(newLinkToken()),
  payload: JSON.stringify({ kind: "announcement", messageId: `<${reader.email}>`, name: reader.name, leaveToken: "t" }),
})

const filterOf = (wave: Wave): WaveFilter => ({
  wave,
  boost: BOOST,
  accepts: (metadata) =>
    (wave.lang === null || readerLanguage(CONTENT, metadata) === wave.lang) &&
    (wave.platform === null || platformOf(metadata) === wave.platform),
})
const wave = (parts: Partial<Wave>): Wave => ({ ...WHOLE_LIST, ...parts })

/** The people a wave mails: who got a mail of it, by their number, in order. */
async function sendWave(db: Db, parts: Partial<Wave>): Promise<number[]> {
  const before = new Set(await mailed(db))
  await queueAnnouncement(db, "launch", CONTENT, mailFor, NOW, undefined, filterOf(wave(parts)))
  return (await mailed(db)).filter((n) => !before.has(n))
}

const mailed = async (db: Db) =>
  (
    await db.read((on) =>
      on
        .selectFrom("waitlist_announcement_mails as m")
        .innerJoin("waitlist_entries as e", "e.id", "m.entry_id")
        .select("e.email")
        .execute(),
    )
  )
    .map((row) => Number(/^p(\d+)@/.exec(row.email)?.[1]))
    .sort((a, b) => a - b)

describe.each(["sqlite", "postgres"] as const)("waves of an announcement on %s", (kind) => {
  let db: Db
  beforeEach(async () => {
    db = openDb(await stores[kind]())
    await lineOfTwelve(db)
  })
  afterEach(() => db.close())

  it("mails the first N in line, then the next ones, and nobody twice when a wave runs again", async () => {
    expect(await sendWave(db, { first: 5 })).toEqual([1, 2, 3, 4, 5])
    expect(await sendWave(db, { first: 5 })).toEqual([])
    expect(await sendWave(db, { first: 10 })).toEqual([6, 7, 8, 9, 10])
    expect(await sendWave(db, {})).toEqual([11, 12])
    const [progress] = await announcementProgressOf(db, "launch")
    expect(progress?.waves.map(({ first, lang, platform, queued }) => ({ first, lang, platform, queued }))).toEqual([
      { first: 5, lang: null, platform: null, queued: 5 },
      { first: 5, lang: null, platform: null, queued: 0 },
      { first: 10, lang: null, platform: null, queued: 5 },
      { first: null, lang: null, platform: null, queued: 2 },
    ])
  })

  it("takes places as credited referrals moved them", async () => {
    // p12 is moved up 5 places for a friend who confirmed: from 12th to 7th, and the friend is 13th.
    const code = (
      await db.read((on) =>
        on
          .selectFrom("waitlist_entries")
          .select("referral_code")
          .where("email", "=", "p12@example.org")
          .executeTakeFirstOrThrow(),
      )
    ).referral_code
    const tokenKey = linkTokenKey(newLinkToken())
    const confirmation = {
      mail: { kind: "confirm" as const, recipient: "friend@example.net", payload: "{}" },
      tokenKey,
      leaveTokenKey: linkTokenKey(newLinkToken()),
      expiresAt: new Date(NOW.getTime() + CONFIRMATION_TTL_MS),
    }
    await submitSignup(db, {
      entry: { name: "F", email: "friend@example.net", message: "", metadata: {} },
      discard: false,
      rateLimit: null,
      plan: { ...NOTHING_TO_DELIVER, confirmation },
      now: NOW,
      cameThrough: { code: code ?? "", client: clientAt("192.0.2.1") },
    })
    await confirmAddress(db, tokenKey, new Date(NOW.getTime() + 60_000), null)
    expect(await sendWave(db, { first: 7 })).toEqual([1, 2, 3, 4, 5, 6, 12])
  })

  it("takes the first N of the line kept, past the places of people who left it", async () => {
    // The line as a server keeps it from its start; then the second and the fourth in line are erased, leaving gaps.
    await keepLineFor(db, BOOST)
    for (const n of [2, 4]) await erasePerson(db, `p${n}@example.org`, COMMAND_LINE, null, NOW)
    expect(await sendWave(db, { first: 5 })).toEqual([1, 3, 5, 6, 7])
    expect(await sendWave(db, { first: 7 })).toEqual([8, 9])
    expect(await sendWave(db, {})).toEqual([10, 11, 12])
  })

  it("narrows a wave to a language and a platform, and counts it before it goes", async () => {
    const count = (parts: Partial<Wave>) =>
      announcementAudienceOf(db, "launch", (metadata) => readerLanguage(CONTENT, metadata), filterOf(wave(parts)))
    expect(await count({ first: 10, lang: "es" })).toEqual({ readers: { es: 5 }, suppressed: 0 })
    expect(await count({ first: 10, platform: "ios" })).toEqual({ readers: { en: 2, es: 1 }, suppressed: 0 })
    expect(await sendWave(db, { first: 10, lang: "es" })).toEqual([2, 4, 6, 8, 10])
    expect(await sendWave(db, { first: 10, platform: "ios" })).toEqual([3, 9])
    expect(await count({ first: 10 })).toEqual({ readers: { en: 3 }, suppressed: 0 })
    expect(await sendWave(db, { first: 10 })).toEqual([1, 5, 7])
  })
})
