import { hashPassword } from "../../src/server/admin/passwords"
import {
  acceptInvite,
  inviteAccount,
  loginFailed,
  openInvite,
  startSession,
} from "../../src/server/admin/admin-queries"
import { queueAnnouncement, type AnnouncementContent } from "../../src/server/announcements/announcement-queries"
import { COMMAND_LINE } from "../../src/server/audit/audit-log"
import { countBounce } from "../../src/server/bounces/suppressions"
import type { Db } from "../../src/server/db/db"
import { deliveriesIn, markSent } from "../../src/server/outbox/outbox-queries"
import { erasePerson } from "../../src/server/people/erasure"
import type { ConfirmationDraft } from "../../src/server/signup/confirmation-mail"
import { linkTokenKey, newLinkToken } from "../../src/server/entries/link-tokens"
import { confirmAddress, leaveByLink } from "../../src/server/signup/links"
import { planSubmission } from "../../src/server/signup/plan-submission"
import { RATE_WINDOW_MS } from "../../src/server/rate-limits/client-rate-limit"
import { submitSignup, type NewWaitlistEntry } from "../../src/server/signup/sign-up"
import { type CameThrough } from "../../src/server/referrals/referral-records"
import { keepLineFor } from "../../src/server/referrals/line"
import { recordStoreClicks } from "../../src/server/visits/store-click-queries"
import { closeVisitDays, daySalt, recordVisits } from "../../src/server/visits/visit-queries"
import { DEFAULT_REFERRAL_BOOST, readSettings } from "../../src/server/settings"
import { decideDueSteps, recordSteps } from "../../src/server/sequences/sequence-queries"
import { clientAt } from "../../src/server/http/client-address"
import { alertOnce } from "../../src/server/rewards/reward-alert"
import { importCodes } from "../../src/server/rewards/reward-codes"
import { payWaitingRewards } from "../../src/server/rewards/reward-payment"
import { awardEarnedTiers } from "../../src/server/rewards/reward-queries"
import type { RewardTiers } from "../../src/server/rewards/reward-tiers"

/** The links of a confirmation mail: the tokens its draft keeps, as the mail's links carry them. */
export type MailedLinks = { email: string; confirmToken: string; leaveToken: string }

/** What the seeded waitlist lets a test check: the links of a confirmation mail sent, and of one still waiting in the outbox. */
export type SeededWaitlist = { sent: MailedLinks; waiting: MailedLinks }

const mail = readSettings({ SITE_URL: "https://storyling.example.com", WAITLIST_NOTIFY_TO: "team@example.com" }).mail
const DAY = 24 * 60 * 60 * 1000

const CONTENT: AnnouncementContent = {
  en: { subject: "We launched", preheader: "Storyling is out", body: "Hello {{name}}, Storyling is out." },
}

/** Signs a person up as the API does (the plan's real tokens), from a client counted by the rate limit; returns the links of its confirmation mail. */
async function signUp(
  db: Db,
  entry: NewWaitlistEntry,
  now: Date,
  cameThrough: CameThrough | null = null,
): Promise<MailedLinks> {
  const plan = planSubmission(entry, mail, now)
  await submitSignup(db, {
    entry,
    discard: false,
    rateLimit: { client: "203.0.113.7", limit: 100, windowMs: RATE_WINDOW_MS },
    plan,
    now,
    cameThrough,
  })
  const draft = JSON.parse(plan.confirmation?.mail.payload ?? "{}") as ConfirmationDraft
  return { email: entry.email, confirmToken: draft.confirmToken, leaveToken: draft.leaveToken }
}

const person = (name: string, email: string, locale = "en"): NewWaitlistEntry => ({
  name,
  email,
  message: `Hello from ${name}`,
  metadata: { locale, utm: { utm_source: "newsletter" } },
})

/** A tier of one friend with App Store codes, in the words of every language. */
const SOLO_WORDS = { solo: { title: "A month of Premium", paragraphs: ["Every story."] } }
const SOLO: RewardTiers = {
  tiers: [{ name: "solo", friends: 1, codes: true }],
  words: { en: SOLO_WORDS, es: SOLO_WORDS, fr: SOLO_WORDS, de: SOLO_WORDS, "pt-br": SOLO_WORDS, ja: SOLO_WORDS },
  problems: [],
}

/**
 * Mia came through Bea's link too and confirmed: a credit, which earns Bea
 * a reward of one friend, paid with an App Store code (another imported
 * for the pool); the team was told once that Google Play's codes ran out.
 * Their mails went out.
 */
async function seedRewards(db: Db, code: string, at: (ms: number) => Date) {
  const mia = await signUp(db, person("Mia", "mia@example.com"), at(10_100), { code, client: clientAt("198.51.100.4") })
  await confirmAddress(db, linkTokenKey(mia.confirmToken), at(10_200), null)
  await importCodes(db, { tier: "solo", store: "ios", codes: ["IOSCODE0001", "IOSCODE0002"] }, at(10_300))
  const bea = await db.read((on) =>
    on.selectFrom("waitlist_entries").select("id").where("referral_code", "=", code).executeTakeFirstOrThrow(),
  )
  await db.write((trx) =>
    trx.updateTable("waitlist_entries").set({ code_platform: "ios" }).where("id", "=", bea.id).execute(),
  )
  await awardEarnedTiers(db, SOLO.tiers, 0, at(10_400))
  await payWaitingRewards(db, SOLO, mail, at(10_500))
  await db.write((trx) => alertOnce(trx, mail, { tier: "solo", store: "android", entryId: bea.id }, at(10_600)))
  // Everything queued from Mia's sign-up on, the team's notice of her message too.
  const queued = (await deliveriesIn(db, ["pending"])).filter(
    (delivery) => delivery.createdAt.getTime() >= at(10_100).getTime(),
  )
  await db.write(async (trx) => {
    for (const delivery of queued) await markSent(trx, delivery.id, at(10_700))
  })
}

/**
 * Fills a waitlist with a row in every table the store has, each written
 * the way the site writes it: sign-ups with their messages, leave links,
 * mail sent and waiting and a rate limit's counts, a bot's entry counted, a
 * person who confirmed and left (a gap in the line) and one erased, one confirmed and mailed an announcement, a hard bounce
 * and the suppression it made, referrals with a reason, a reward paid with a store's code and an alert, an account invited, enrolled and logged in,
 * a failed login, the audit log, and the visits of yesterday (counted) and
 * today (still per visitor).
 */
export async function seedEveryKindOfRow(db: Db, now: Date): Promise<SeededWaitlist> {
  const at = (ms: number) => new Date(now.getTime() + ms)
  // The line kept, as a server's start writes it: each confirmation below joins it.
  await keepLineFor(db, DEFAULT_REFERRAL_BOOST)
  const sent = await signUp(db, person("Ana", "ana@example.com", "es"), at(0))
  await signUp(db, person("Ana", "ana@example.com", "es"), at(1000))
  await submitSignup(db, {
    entry: person("Bot", "bot@example.com"),
    discard: true,
    rateLimit: null,
    plan: planSubmission(person("Bot", "bot@example.com"), mail, at(1500)),
    now: at(1500),
  })
  const leaver = await signUp(db, person("Leo", "leo@example.com"), at(2000))
  await signUp(db, person("Eva", "eva@example.com"), at(3000))
  const bounced = await signUp(db, person("Bea", "bea@example.com"), at(4000))
  // Every mail so far went out.
  const pending = await deliveriesIn(db, ["pending"])
  await db.write(async (trx) => {
    for (const delivery of pending) await markSent(trx, delivery.id, at(5000))
  })
  // Leo confirms, then leaves: his place stays in the line as a gap.
  await confirmAddress(db, linkTokenKey(leaver.confirmToken), at(5500), null)
  await leaveByLink(db, linkTokenKey(leaver.leaveToken), at(6000))
  await confirmAddress(db, linkTokenKey(bounced.confirmToken), at(6500), null)
  await erasePerson(db, "eva@example.com", COMMAND_LINE, null, at(7000))
  await queueAnnouncement(
    db,
    "launch",
    CONTENT,
    (reader) => ({
      lang: "en",
      leaveTokenKey: linkTokenKey(newLinkToken()),
      payload: JSON.stringify({
        kind: "announcement",
        messageId: `<launch-${reader.email}>`,
        name: reader.name,
        leaveToken: newLinkToken(),
      }),
    }),
    at(8000),
  )
  // A step of the sequences, due half a second after confirming: queued for Bea, the one confirmed.
  const welcome = { name: "welcome", afterMs: 500, languages: ["en"] }
  await recordSteps(db, [welcome], at(8200))
  await decideDueSteps(db, {
    steps: [welcome],
    now: at(8500),
    max: 10,
    boost: 0,
    mailFor: (step, recipient) => ({
      payload: JSON.stringify({ kind: "sequence", step: step.name, name: recipient.name, lang: recipient.lang }),
      leaveTokenKey: linkTokenKey(newLinkToken()),
    }),
  })
  const bea = (await deliveriesIn(db, ["sent"])).find(
    (delivery) => delivery.recipient === bounced.email && delivery.kind === "confirm",
  )
  if (!bea) throw new Error("Bea's confirmation mail was not sent")
  await countBounce(db, bea.id, "hard", "550 5.1.1 no such mailbox", at(9000))
  // The mail still waiting: a sign-up after the others went out.
  // Kai came through the personal link of Bea, who confirmed: a referral, pending until Kai confirms.
  const beaCode = await db.read((on) =>
    on
      .selectFrom("waitlist_entries")
      .select("referral_code")
      .where("email", "=", bounced.email)
      .executeTakeFirstOrThrow(),
  )
  if (!beaCode.referral_code) throw new Error("Bea has no personal code after confirming")
  // Kai's domain has no mail server: the referral carries that reason.
  const waiting = await signUp(db, person("Kai", "kai@example.com", "pt-br"), at(10_000), {
    code: beaCode.referral_code,
    client: clientAt("203.0.113.7"),
    mailServer: "none",
  })
  await seedRewards(db, beaCode.referral_code, at)

  const inviteToken = newLinkToken()
  await inviteAccount(db, "owner@team.example", "owner", linkTokenKey(inviteToken), at(DAY), COMMAND_LINE, at(11_000))
  const invite = await openInvite(db, linkTokenKey(inviteToken), "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", at(12_000))
  const account = await acceptInvite(
    db,
    linkTokenKey(inviteToken),
    invite?.pendingSecret ?? "",
    await hashPassword("seven amber kites drift"),
    1,
    at(13_000),
    "203.0.113.9",
  )
  if (!account) throw new Error("the invitation was not taken")
  await startSession(db, account, linkTokenKey(newLinkToken()), at(DAY), at(14_000), "203.0.113.9")
  await loginFailed(
    db,
    { account: "owner@team.example", device: null, client: "203.0.113.66" },
    null,
    at(15_000),
    "203.0.113.66",
  )

  const yesterday = new Date(now.getTime() - DAY).toISOString().slice(0, 10)
  const today = now.toISOString().slice(0, 10)
  const views = (day: string) => [
    {
      day,
      page: "/",
      language: "en",
      referrer: "news.example.org",
      utmSource: "newsletter",
      utmMedium: "",
      utmCampaign: "",
      views: 3,
    },
  ]
  await daySalt(db, yesterday)
  await recordVisits(db, views(yesterday), [{ day: yesterday, dimension: "all", value: "", visitor: "a1" }])
  await closeVisitDays(db, today)
  await daySalt(db, today)
  await recordVisits(db, views(today), [{ day: today, dimension: "all", value: "", visitor: "b2" }])
  await recordStoreClicks(db, [], () => ({
    counts: [
      {
        day: today,
        store: "apple",
        platform: "ios",
        source: "newsletter",
        medium: "email",
        campaign: "launch",
        clicks: 2,
      },
    ],
    clients: [{ day: today, client: "keyed-hash-of-a-client", clicks: 2 }],
  }))
  return { sent, waiting }
}
