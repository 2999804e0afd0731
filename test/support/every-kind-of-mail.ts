import { generateKeyPairSync } from "crypto"
import fs from "fs"
import path from "path"
import { simpleParser, type ParsedMail } from "mailparser"
import { siteFacts } from "../../src/config/site-facts"
import { LANGUAGES, type LanguageCode } from "../../src/i18n/languages"
import {
  sendAnnouncement,
  testAnnouncement,
  type AnnouncementIo,
} from "../../src/server/announcements/announcement-service"
import { deliveryKinds } from "../../src/server/assemble"
import { BY_COMMAND_LINE } from "../../src/server/audit/audit-log"
import { openDb, type Db } from "../../src/server/db/db"
import { healthAlertMail } from "../../src/server/mail-health/health-alert-mail"
import { pauseReason } from "../../src/server/mail-health/health-guard"
import { createSendMail } from "../../src/server/mails/mail-transport"
import { newMessageId } from "../../src/server/mails/message-id"
import { deliverer } from "../../src/server/outbox/deliver"
import { KINDS_OF_LANE, LANES, VISITOR_MAIL_KINDS, type DeliveryKind } from "../../src/server/outbox/deliveries"
import { deliveryOfTag, DELIVERY_HEADER } from "../../src/server/outbox/delivery-tags"
import { deliveriesIn, deliveryById } from "../../src/server/outbox/outbox-queries"
import { OutboxWorker } from "../../src/server/outbox/outbox-worker"
import { storedTime } from "../../src/server/db/schema"
import { alertOnce } from "../../src/server/rewards/reward-alert"
import { importCodes } from "../../src/server/rewards/reward-codes"
import { payWaitingRewards } from "../../src/server/rewards/reward-payment"
import { rewardTiers } from "../../src/server/rewards/reward-tiers"
import { readSettings, type Settings } from "../../src/server/settings"
import { runSequences, testStep, type SequenceIo } from "../../src/server/sequences/sequence-service"
import { REMINDER_AFTER_MS } from "../../src/server/signup/reminder-mail"
import type { ConfirmationDraft } from "../../src/server/signup/confirmation-mail"
import { linkTokenKey } from "../../src/server/entries/link-tokens"
import { confirmAddress } from "../../src/server/signup/links"
import { planSubmission } from "../../src/server/signup/plan-submission"
import { submitSignup } from "../../src/server/signup/sign-up"
import { eventually } from "./eventually"
import { PROJECT_ROOT } from "./project-root"
import { quietLogger } from "./test-logger"

/** What a mail is, as the gallery names it: a kind of outbox delivery, or a mail the server writes outside the outbox. */
export type MailKind = DeliveryKind | "announcement test" | "sequence test" | "mail health alert"

/** One mail as it left the server: what kind, in which language, its bytes (signed) and its parts. */
export type WrittenMail = { kind: MailKind; lang: LanguageCode; raw: Buffer; parsed: ParsedMail }

/** The DKIM key the gallery signs with, and its DNS record (`<selector>._domainkey.<domain>`). */
export type GalleryDkim = { domain: string; selector: string; record: string; recordName: string }

/** The kinds of delivery that are mails (a webhook event is none): each must be in the gallery. */
export const MAIL_KINDS: readonly DeliveryKind[] = LANES.filter((lane) => lane !== "webhook").flatMap(
  (lane) => KINDS_OF_LANE[lane],
)

/** Whether a mail goes to a visitor (a test send included), not to the team. */
export const isVisitorMail = (mail: WrittenMail): boolean =>
  mail.kind === "announcement test" ||
  mail.kind === "sequence test" ||
  VISITOR_MAIL_KINDS.includes(mail.kind as DeliveryKind)

/** The names the sample readers gave, one typical of each language. */
const READERS: Record<LanguageCode, string> = {
  en: "Ana Smith",
  es: "Lucía Fernández",
  fr: "Chloé Martin",
  de: "Jonas Müller",
  "pt-br": "João Silva",
  ja: "山田 さくら",
}

const DKIM_DOMAIN = "storyling.example.com"
const DKIM_SELECTOR = "mail2026"

/** The settings the gallery writes under: the site's public address, DKIM on, bounces to their own address, the reminder on, mail as .eml files. */
function gallerySettings(dir: string): { settings: Settings; dkim: GalleryDkim } {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 })
  const keyFile = path.join(dir, "dkim.pem")
  fs.writeFileSync(keyFile, privateKey.export({ type: "pkcs8", format: "pem" }))
  const settings = readSettings({
    SITE_URL: siteFacts.siteUrl,
    WAITLIST_DB_PATH: path.join(dir, "waitlist.sqlite"),
    MAIL_OUTBOX_DIR: path.join(dir, "outbox"),
    WAITLIST_NOTIFY_TO: `team@${DKIM_DOMAIN}`,
    BOUNCE_ADDRESS: `bounces@${DKIM_DOMAIN}`,
    MAIL_RATE_PER_SECOND: "0",
    CONFIRMATION_REMINDER: "1",
    DKIM_DOMAIN,
    DKIM_SELECTOR,
    DKIM_PRIVATE_KEY_PATH: keyFile,
  })
  const key = publicKey.export({ type: "spki", format: "der" }).toString("base64")
  return {
    settings,
    dkim: {
      domain: DKIM_DOMAIN,
      selector: DKIM_SELECTOR,
      record: `v=DKIM1; k=rsa; p=${key}`,
      recordName: `${DKIM_SELECTOR}._domainkey.${DKIM_DOMAIN}`,
    },
  }
}

/** Runs the outbox's worker, as the server does, on the clock `now` (tests move it), until nothing due is waiting. */
async function deliverAll(db: Db, settings: Settings, now = () => new Date()): Promise<void> {
  const log = quietLogger
  const worker = new OutboxWorker({
    db,
    kinds: deliveryKinds(db, settings),
    now,
    send: deliverer(createSendMail(settings.mail, log), null),
    leaseMs: 60_000,
    retryBaseMs: 60_000,
    log,
    pollMs: 20,
    bounceAddress: settings.mail.bounceAddress,
  })
  worker.start()
  try {
    await eventually(async () => {
      const waiting = (await deliveriesIn(db, ["pending"])).filter((delivery) => delivery.nextAttemptAt <= now())
      if (waiting.length > 0) throw new Error(`${waiting.length} deliveries still wait in the outbox`)
    }, 30_000)
  } finally {
    await worker.stop()
  }
}

/** The step of the sequences the gallery sends and tests (content/sequences/welcome.md, due 2 days after confirming). */
const STEP = { name: "welcome", dueAfterMs: 2 * 24 * 60 * 60 * 1000 }

/** A written mail's kind and language: its delivery's (named by its tag), or a test send's (named in its subject). */
async function identify(db: Db, parsed: ParsedMail): Promise<{ kind: MailKind; lang: LanguageCode }> {
  const test = /^\[Test of ([\w-]+), ([\w-]+)\]/.exec(parsed.subject ?? "")
  if (test)
    return { kind: test[1] === STEP.name ? "sequence test" : "announcement test", lang: test[2] as LanguageCode }
  if (/^Spam complaints at /.test(parsed.subject ?? "")) return { kind: "mail health alert", lang: "en" }
  const tag = String(parsed.headers.get(DELIVERY_HEADER.toLowerCase()) ?? "")
  const id = deliveryOfTag(db.secret("bounce_key"), tag)
  const delivery = id === null ? null : await db.read((on) => deliveryById(on, id))
  if (!delivery) throw new Error(`a mail of no delivery: ${parsed.subject}`)
  const reader = /^reader-([\w-]+)@/.exec(delivery.recipient)
  return { kind: delivery.kind, lang: (reader?.[1] ?? "en") as LanguageCode }
}

/**
 * Every kind of mail the server writes, in every language it writes it in,
 * as it leaves the server: a reader of each language signs up (the team's
 * notice and the confirmation), is reminded a day later, confirms, and is
 * sent the mail of every tier of content/rewards.md (see payEveryTier),
 * the launch announcement of content/announcements and, two days on, the
 * first step of content/sequences, each also sent as a test; and the
 * team's alerts of complaints past Gmail's line and of codes run out;
 * each through the real outbox worker and transport, signed with DKIM, with
 * its delivery tag and bounce address. Throws when a kind of MAIL_KINDS
 * was written in no language, or a visitor's kind not in every one, so a
 * new kind of mail fails here until it is added to the gallery.
 */
export async function writeEveryKindOfMail(
  dir: string,
): Promise<{ mails: WrittenMail[]; dkim: GalleryDkim; settings: Settings }> {
  const { settings, dkim } = gallerySettings(dir)
  const db = openDb(settings.store)
  try {
    const now = () => new Date()
    const confirmTokens: string[] = []
    for (const { code } of LANGUAGES) {
      const entry = {
        name: READERS[code],
        email: `reader-${code}@example.org`,
        message: "I would like to learn with stories.",
        metadata: { locale: code, timezone: "Europe/Berlin" },
      }
      const plan = planSubmission(entry, settings.mail, now())
      await submitSignup(db, { entry, discard: false, rateLimit: null, plan, now: now() })
      confirmTokens.push((JSON.parse(plan.confirmation?.mail.payload ?? "{}") as ConfirmationDraft).confirmToken)
    }
    await deliverAll(db, settings)
    const dayLater = new Date(Date.now() + REMINDER_AFTER_MS + 60_000)
    await deliverAll(db, settings, () => dayLater)
    for (const token of confirmTokens) await confirmAddress(db, linkTokenKey(token), now(), null)
    await payEveryTier(db, settings, now())
    const io: AnnouncementIo = {
      db,
      dir: path.join(PROJECT_ROOT, "content", "announcements"),
      mail: settings.mail,
      sendMail: createSendMail(settings.mail, quietLogger, { pooled: false }),
      now,
      referralBoost: settings.referralBoost,
      rewardsFile: settings.rewards.file,
    }
    await sendAnnouncement(io, "launch", BY_COMMAND_LINE)
    await testAnnouncement(io, "launch", `tester@${DKIM_DOMAIN}`, BY_COMMAND_LINE)
    await deliverAll(db, settings)
    const sequences: SequenceIo = { ...io, dir: path.join(PROJECT_ROOT, "content", "sequences") }
    const stepDue = new Date(Date.now() + STEP.dueAfterMs + 60_000)
    await runSequences(sequences, stepDue)
    await deliverAll(db, settings, () => stepDue)
    await testStep(sequences, STEP.name, `tester@${DKIM_DOMAIN}`, BY_COMMAND_LINE)
    const complained = { delivered: 1000, complaints: 3, hardBounces: 4, refused: 1, latestAt: now() }
    await io.sendMail(
      healthAlertMail(complained, pauseReason(complained), settings.mail, newMessageId(settings.mail.siteUrl)),
    )
    const mails: WrittenMail[] = []
    for (const file of fs.readdirSync(settings.mail.outboxDir).sort()) {
      const raw = fs.readFileSync(path.join(settings.mail.outboxDir, file))
      const parsed = await simpleParser(raw)
      mails.push({ ...(await identify(db, parsed)), raw, parsed })
    }
    checkEveryKind(mails)
    return { mails, dkim, settings }
  } finally {
    await db.close()
  }
}

/**
 * Every reader earns every tier of the project's rewards' file, their
 * store the App Store, and is paid: a mail of each tier (a code in the one
 * with codes) in every language; and the team is alerted once that a
 * tier's Google Play codes ran out.
 */
async function payEveryTier(db: Db, settings: Settings, now: Date) {
  const tiers = rewardTiers(settings.rewards.file)
  const readers = await db.read((on) => on.selectFrom("waitlist_entries").select("id").orderBy("id").execute())
  await db.write(async (trx) => {
    await trx.updateTable("waitlist_entries").set({ code_platform: "ios" }).execute()
    const earned = tiers.tiers.flatMap((tier) => readers.map(({ id }) => ({ entry_id: id, tier: tier.name })))
    await trx
      .insertInto("waitlist_rewards")
      .values(earned.map((reward) => ({ ...reward, state: "waiting", earned_at: storedTime(now) })))
      .execute()
  })
  const withCodes = tiers.tiers.find((tier) => tier.codes)
  if (!withCodes) throw new Error(`${settings.rewards.file} has no tier with codes for the gallery to mail`)
  const codes = readers.map((_reader, i) => `GALLERY${withCodes.name.toUpperCase().replace(/\W/g, "")}${i}`)
  await importCodes(db, { tier: withCodes.name, store: "ios", codes }, now)
  await payWaitingRewards(db, tiers, settings.mail, now)
  const entryId = Number(readers[0]?.id)
  await db.write((trx) => alertOnce(trx, settings.mail, { tier: withCodes.name, store: "android", entryId }, now))
}

/** Throws naming a kind of mail the gallery lacks: a mail kind in no language, a visitor's kind missing a language. */
function checkEveryKind(mails: WrittenMail[]) {
  for (const kind of MAIL_KINDS) {
    const langs = new Set(mails.filter((mail) => mail.kind === kind).map((mail) => mail.lang))
    const wanted = VISITOR_MAIL_KINDS.includes(kind) ? LANGUAGES.map((language) => language.code) : ["en"]
    const missing = wanted.filter((lang) => !langs.has(lang as LanguageCode))
    if (missing.length > 0)
      throw new Error(
        `the gallery of mails has no ${kind} mail in ${missing.join(", ")}: make writeEveryKindOfMail write it`,
      )
  }
}
