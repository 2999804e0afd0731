import { createHmac } from "crypto"
import { sql } from "kysely"
import type { Logger } from "../observability/logger"
import type { StoreSettings } from "../settings"
import { AnnouncementChangedError, type AnnouncementStore } from "../announcements/announcement-store"
import type { BounceStore } from "../bounces/bounce-store"
import { bounceDetail } from "../bounces/classify-refusal"
import { deliveryOfTag, deliveryTag } from "../bounces/delivery-tags"
import {
  MAX_GATHERED_MESSAGES,
  TEAM_MAIL_INTERVAL_MS,
  VISITOR_MAIL_KINDS,
  type Delivery,
  type DeliveryFailure,
  type DeliveryKind,
  type DeliveryLane,
  type DeliveryStatus,
  type NewDelivery,
  laneOf,
} from "../waitlist/deliveries"
import { emailKey, folded, storedEmail } from "../waitlist/email-identity"
import { entryAttribution } from "../waitlist/entry-attribution"
import type { PolicyVersion } from "../waitlist/privacy-policy-version"
import { mayGetConfirmation, MESSAGE_DAY_MS, MESSAGES_PER_DAY, type ConfirmationDraft, type DeliveryPlan } from "../waitlist/plan-deliveries"
import {
  StoreUnavailableError,
  type LinkedEntry,
  type LinkState,
  type NewWaitlistEntry,
  type OutboxStore,
  type RateLimit,
  type Submission,
  type SubmissionOutcome,
  type WaitlistEntry,
  type WaitlistMessage,
  type WaitlistStore,
  type OutboxDepth,
  type PendingDeliveries,
} from "../waitlist/waitlist-store"
import { storedTime, toDate, toDateOrNull } from "./database"
import { openStoreDialect, type StoreDialect, type Tx } from "./dialect"
import { migrateToLatest } from "./migrate"
import { announcementRecords, type AnnouncementRecords } from "./announcement-records"
import { prepareQueries, type OutboxRow, type Queries } from "./queries"
import { SUPPRESSED_ERROR, suppressionRecords, type SuppressionRecords } from "./suppression-records"
import { AdminDatabase } from "./admin-database"
import { PeopleDatabase } from "./people-database"
import type { StoreAccess } from "./store-access"
import { COMMAND_LINE } from "../admin/admin-store"
import { VisitsDatabase } from "./visits-database"

/**
 * What writing an entry gives back: its id, the keyed hash of its address
 * (see leaverHash), whether this write made it, whether it may get this
 * sign-up's confirmation, and the id of the message written, or null when
 * the address had left MESSAGES_PER_DAY messages already.
 */
type WrittenEntry = { id: number; hash: string; isNew: boolean; mayConfirm: boolean; messageId: number | null }

/** A delivery as the worker and the CLI see it, from its row and the message it tells of. */
const deliveryOf = (row: OutboxRow, messages: Delivery["messages"] = []): Delivery => ({
  id: row.id,
  kind: row.kind as DeliveryKind,
  recipient: row.recipient,
  payload: row.payload,
  status: row.status as DeliveryStatus,
  attempts: row.attempts,
  nextAttemptAt: toDate(row.next_attempt_at),
  lastError: row.last_error,
  createdAt: toDate(row.created_at),
  messages,
})

const parseMetadata = (metadata: string) => JSON.parse(metadata) as Record<string, unknown>

/** A delivery id as typed (the CLI's argument): digits only, or none. */
const deliveryId = (typed: string): number | null => (/^\d{1,15}$/.test(typed) ? Number(typed) : null)

/**
 * The waitlist on its database, SQLite or PostgreSQL: every flow (sign-up,
 * confirm, leave, the outbox's claims and outcomes, export, delete, counts)
 * written once over Kysely, its statements in queries.ts, the differences
 * between the two databases in the dialect module. The schema is brought
 * up to date on first use (see migrateToLatest).
 */
export class WaitlistDatabase implements WaitlistStore {
  private readonly dialect: StoreDialect
  private readonly queries: Queries
  private readonly label: string
  private migrated: Promise<void> | null = null
  /** The key of leavers' address hashes (see migration 0004), read once the schema is up to date. */
  private leaverKey = ""
  /** The key of delivery tags (see migration 0005). */
  private bounceKey = ""
  private readonly suppressions: SuppressionRecords
  private readonly announcementRecords: AnnouncementRecords
  /** The admin's accounts, sessions and audit log. */
  readonly admin: AdminDatabase
  /** A person's data, the entries' search and the dashboard's figures. */
  readonly people: PeopleDatabase
  /** The counts of visits, in the same database (see VisitsDatabase). */
  readonly visits: VisitsDatabase

  /**
   * Opens the database the settings select; `log` hears of a connection
   * lost while idle (see openStoreDialect).
   * @throws StoreUnavailableError when an SQLite file cannot be opened
   */
  constructor(settings: StoreSettings, log?: Logger) {
    this.label = settings.kind === "postgres" ? "PostgreSQL" : "SQLite"
    try {
      this.dialect = openStoreDialect(settings, log)
    } catch (error) {
      const where = settings.kind === "sqlite" ? ` at ${settings.file}` : ""
      throw new StoreUnavailableError(`cannot open the ${this.label} waitlist${where}: ${(error as Error).message}`, { cause: error })
    }
    this.queries = prepareQueries(this.dialect)
    this.suppressions = suppressionRecords((address) => this.leaverHash(emailKey(address)), this.queries.suppressed)
    this.announcementRecords = announcementRecords(this.dialect, this.suppressions)
    const access: StoreAccess = {
      dialect: this.dialect,
      run: (work) => this.run(work),
      write: (work) => this.write(work),
      keyedHash: (text) => this.leaverHash(text),
    }
    this.admin = new AdminDatabase(access)
    this.people = new PeopleDatabase(access, (trx, entry, now) => this.rememberLeaver(trx, entry, now))
    this.visits = new VisitsDatabase(access)
  }

  /** Runs `work` once the schema is up to date; any failure becomes StoreUnavailableError naming the database. */
  private async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      this.migrated ??= migrateToLatest(this.dialect).then(() => this.readLeaverKey()).catch((error: unknown) => {
        this.migrated = null
        throw error
      })
      await this.migrated
      return await work()
    } catch (error) {
      if (error instanceof StoreUnavailableError || error instanceof AnnouncementChangedError) throw error
      throw new StoreUnavailableError(`the ${this.label} waitlist failed: ${(error as Error).message}`, { cause: error })
    }
  }

  private async readLeaverKey() {
    const rows = await this.dialect.db.selectFrom("waitlist_secrets").select(["name", "value"]).where("name", "in", ["leaver_key", "bounce_key"]).execute()
    this.leaverKey = rows.find((row) => row.name === "leaver_key")?.value ?? ""
    this.bounceKey = rows.find((row) => row.name === "bounce_key")?.value ?? ""
    if (!this.leaverKey || !this.bounceKey) throw new Error("the waitlist's keys are missing from waitlist_secrets")
  }

  /** The keyed hash a leaver's address is remembered by (see migration 0004). */
  private leaverHash(key: string): string {
    return createHmac("sha256", this.leaverKey).update(key).digest("hex")
  }

  /** Runs a write in a transaction (see StoreDialect's write). */
  private write<T>(work: (trx: Tx) => Promise<T>): Promise<T> {
    return this.run(() => this.dialect.write(work))
  }

  /** Counts the submission against its client's limit; the seconds to wait when the budget is spent, else null. */
  private async countRate(trx: Tx, rateLimit: RateLimit | null, now: Date): Promise<number | null> {
    if (!rateLimit || rateLimit.limit <= 0) return null
    const at = now.getTime()
    await this.dialect.lockClient(trx, rateLimit.client)
    const { rows } = await this.queries.recentRate.run(trx, { client: rateLimit.client, since: at - rateLimit.windowMs })
    const { n = 0, oldest = null } = rows[0] ?? {}
    if (Number(n) >= rateLimit.limit) return Math.max(1, Math.ceil((Number(oldest ?? at) + rateLimit.windowMs - at) / 1000))
    await this.queries.countRate.run(trx, { client: rateLimit.client, at })
    return null
  }

  /**
   * Writes the entry and its message. A new entry is written with the
   * confirmation of `confirmation` already started (a new address may always
   * get one); a known one is left as it was.
   */
  private async writeEntry(
    trx: Tx,
    { name, email, message, metadata }: NewWaitlistEntry,
    now: Date,
    confirmation: ConfirmationDraft | null,
    consent: PolicyVersion | null,
  ): Promise<WrittenEntry> {
    const time = storedTime(now)
    const key = emailKey(email)
    const from = entryAttribution(metadata)
    const { rows } = await this.queries.writeEntry.run(trx, {
      lang: from.lang,
      referrerHost: from.referrerHost,
      utmSource: from.utmSource,
      utmMedium: from.utmMedium,
      utmCampaign: from.utmCampaign,
      nameKey: folded(name),
      name,
      email: storedEmail(email),
      key,
      now: time,
      tokenKey: confirmation?.tokenKey ?? null,
      expires: confirmation ? storedTime(confirmation.expiresAt) : null,
      sent: confirmation ? 1 : 0,
      last: confirmation ? time : null,
    })
    const entry = rows[0]
    if (!entry) throw new Error("the entry was not written")
    const isNew = Boolean(entry.is_new)
    const hash = this.leaverHash(key)
    const state = {
      id: entry.id,
      hash,
      isNew,
      mayConfirm: isNew
        ? await this.inheritCaps(trx, entry.id, hash, now, confirmation)
        : mayGetConfirmation({ confirmedAt: toDateOrNull(entry.confirmed_at), mailsSent: entry.confirm_mails_sent, lastMailAt: toDateOrNull(entry.last_confirm_mail_at) }, now),
    }
    if (!isNew) {
      const capped = (await this.queries.capMessage.run(trx, { entryId: entry.id, offset: MESSAGES_PER_DAY - 1 })).rows[0]
      if (capped && toDate(capped.submitted_at).getTime() > now.getTime() - MESSAGE_DAY_MS) {
        // The message is not kept, so the entry has not changed either.
        await this.queries.restoreUpdatedAt.run(trx, { id: entry.id })
        return { ...state, messageId: null }
      }
    }
    const policy = policyValues(consent)
    const written = await this.queries.insertMessage.run(trx, {
      entryId: entry.id,
      name,
      message,
      metadata: JSON.stringify(metadata),
      now: time,
      policyLang: policy.policyLang,
      policyDate: policy.policyDate,
      policySha256: policy.policySha256,
    })
    return { ...state, messageId: written.rows[0]?.id ?? 0 }
  }

  /**
   * Gives a new entry of someone who left the caps their address had, so
   * that leaving never buys another confirmation mail. Returns whether the
   * entry may get this sign-up's confirmation.
   */
  private async inheritCaps(trx: Tx, id: number, hash: string, now: Date, confirmation: ConfirmationDraft | null): Promise<boolean> {
    const left = (await this.queries.returningLeaver.run(trx, { hash })).rows[0]
    if (!left) return true
    const record = { confirmedAt: null, mailsSent: left.confirm_mails_sent, lastMailAt: toDateOrNull(left.last_confirm_mail_at) }
    const allowed = confirmation !== null && mayGetConfirmation(record, now)
    await this.queries.inheritCaps.run(trx, {
      id,
      sent: allowed ? record.mailsSent + 1 : record.mailsSent,
      last: allowed ? storedTime(now) : left.last_confirm_mail_at === null ? null : storedTime(toDate(left.last_confirm_mail_at)),
      tokenKey: allowed ? (confirmation?.tokenKey ?? null) : null,
      expires: allowed && confirmation ? storedTime(confirmation.expiresAt) : null,
    })
    return allowed
  }

  /** Adds a delivery about an entry, due at `due`; one telling of a submission (`ofMessage`) points at `messageId`, its message. */
  private queue(trx: Tx, entryId: number, { kind, recipient, payload, ofMessage }: NewDelivery, now: Date, messageId: number | null = null, due = now) {
    return this.queries.queue.run(trx, { entryId, kind, recipient, payload, messageId: ofMessage ? messageId : null, due: storedTime(due), now: storedTime(now) })
  }

  /**
   * When the team's mail of a known address's new message is due, or null
   * when the address's last team mail, still waiting and not being tried,
   * will tell of it (see TEAM_MAIL_INTERVAL_MS). A mail being tried has
   * read its messages already: the new one gets a mail of its own.
   */
  private async teamMailDue(trx: Tx, entryId: number, now: Date): Promise<Date | null> {
    const last = (await this.queries.lastTeamMail.run(trx, { entryId })).rows[0]
    if (!last) return now
    const beingTried = last.lease_until !== null && toDate(last.lease_until) > now
    if (last.status === "pending" && !beingTried) return null
    // The hour runs from when that mail went (or its try began); a mail that failed for good tells the team nothing.
    if (last.status === "failed") return now
    const went = last.sent_at === null ? toDate(last.next_attempt_at) : toDate(last.sent_at)
    return new Date(Math.max(now.getTime(), went.getTime() + TEAM_MAIL_INTERVAL_MS))
  }

  /** Queues the deliveries of a plan; the confirmation mail only when the entry may get one (see mayGetConfirmation). */
  private async queuePlan(trx: Tx, written: WrittenEntry, plan: DeliveryPlan, now: Date) {
    const { id, messageId } = written
    if (plan.notify) {
      const due = written.isNew ? now : await this.teamMailDue(trx, id, now)
      if (due) await this.queue(trx, id, plan.notify, now, messageId, due)
    }
    if (plan.webhook) await this.queue(trx, id, plan.webhook, now, messageId)
    const { confirmation } = plan
    if (!confirmation || !written.mayConfirm) return
    // A suppressed address gets no mail of any kind; the team still hears of its message.
    if (await this.suppressions.isSuppressed(trx, written.hash)) return
    if (!written.isNew) {
      await this.queries.startConfirmation.run(trx, { id, tokenKey: confirmation.tokenKey, expires: storedTime(confirmation.expiresAt), now: storedTime(now) })
    }
    await this.queries.addLeaveToken.run(trx, { key: confirmation.leaveTokenKey, entryId: id })
    await this.queue(trx, id, confirmation.mail, now)
  }

  submit(submission: Submission): Promise<SubmissionOutcome> {
    const full = this.dialect.roomToWrite()
    if (full) return Promise.reject(new StoreUnavailableError(`the ${this.label} waitlist takes no new sign-up: ${full}`))
    return this.write(async (trx) => {
      const { entry, discard, rateLimit, plan, now, consent = null } = submission
      const retryAfterSeconds = await this.countRate(trx, rateLimit, now)
      if (retryAfterSeconds !== null) return { accepted: false, retryAfterSeconds }
      if (discard) {
        // A bot's entry takes the same path, so it answers alike and as fast, then leaves nothing but a count.
        await sql`SAVEPOINT discarded`.execute(trx)
        await this.writeEntry(trx, entry, now, null, consent)
        await sql`ROLLBACK TO SAVEPOINT discarded`.execute(trx)
        await sql`RELEASE SAVEPOINT discarded`.execute(trx)
        await this.queries.countDiscard.run(trx, { counter: "bots_discarded" })
        return { accepted: true, takenAs: "bot" }
      }
      const written = await this.writeEntry(trx, entry, now, plan.confirmation, consent)
      if (written.messageId === null) {
        await this.queries.countDiscard.run(trx, { counter: "repeats_discarded" })
        return { accepted: true, takenAs: "repeat_discarded" }
      }
      await this.queuePlan(trx, written, plan, now)
      return { accepted: true, takenAs: written.isNew ? "new" : "repeat" }
    })
  }

  async confirmationState(tokenKey: string, now: Date): Promise<LinkState> {
    return this.run(async () => linkState((await this.queries.byConfirmToken.run(this.dialect.db, { key: tokenKey })).rows[0], now))
  }

  confirm(tokenKey: string, now: Date, webhook: (entry: LinkedEntry) => NewDelivery | null, consent: PolicyVersion | null = null): Promise<LinkState> {
    return this.write(async (trx) => {
      const row = (await this.queries.byConfirmToken.run(trx, { key: tokenKey })).rows[0]
      const state = linkState(row, now)
      if (state !== "pending" || !row) return state
      await this.queries.markConfirmed.run(trx, { id: row.id, now: storedTime(now), ...policyValues(consent) })
      const event = webhook({ name: row.name, email: row.email })
      if (event) await this.queue(trx, row.id, event, now)
      return "confirmed"
    })
  }

  canLeave(tokenKey: string): Promise<boolean> {
    return this.run(async () => (await this.queries.byLeaveToken.run(this.dialect.db, { key: tokenKey })).rows.length > 0)
  }

  leave(tokenKey: string, now = new Date()): Promise<boolean> {
    return this.write(async (trx) => {
      const leaver = (await this.queries.leaver.run(trx, { key: tokenKey })).rows[0]
      if (!leaver) return false
      await this.rememberLeaver(trx, leaver, now)
      return Number((await this.queries.leave.run(trx, { key: tokenKey })).numAffectedRows ?? 0) > 0
    })
  }

  count(): Promise<number> {
    return this.run(async () => Number((await this.dialect.db.selectFrom("waitlist_entries").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n))
  }

  countDiscarded(): Promise<{ bots: number; repeats: number }> {
    return this.run(async () => {
      const rows = await this.dialect.db.selectFrom("waitlist_counters").select(["name", "value"]).where("name", "in", ["bots_discarded", "repeats_discarded"]).execute()
      const counted = (name: string) => Number(rows.find((row) => row.name === name)?.value ?? 0)
      return { bots: counted("bots_discarded"), repeats: counted("repeats_discarded") }
    })
  }

  list(): Promise<WaitlistEntry[]> {
    return this.run(async () => {
      const { db } = this.dialect
      const entries = await db.selectFrom("waitlist_entries").select(["id", "name", "email", "created_at", "updated_at", "confirmed_at"]).orderBy("created_at").orderBy("id").execute()
      const messages = await db.selectFrom("waitlist_messages").select(["entry_id", "name", "message", "metadata", "submitted_at"]).orderBy("entry_id").orderBy("id", "desc").execute()
      const byEntry = new Map<number, WaitlistMessage[]>()
      for (const row of messages) {
        const history = byEntry.get(row.entry_id) ?? []
        history.push({ name: row.name, message: row.message, metadata: parseMetadata(row.metadata), submittedAt: toDate(row.submitted_at) })
        byEntry.set(row.entry_id, history)
      }
      const suppressed = await this.suppressions.inForce(db, entries.map((row) => this.suppressions.hashOf(row.email)))
      return entries.map((row) => {
        const history = byEntry.get(row.id) ?? []
        const suppression = suppressed.get(this.suppressions.hashOf(row.email))
        return {
          name: row.name,
          email: row.email,
          message: history[0]?.message ?? "",
          metadata: history[0]?.metadata ?? {},
          createdAt: toDate(row.created_at),
          updatedAt: toDate(row.updated_at),
          confirmedAt: toDateOrNull(row.confirmed_at),
          messages: history,
          suppressedAt: suppression?.at ?? null,
          suppressedReason: suppression?.reason ?? null,
        }
      })
    })
  }

  remove(email: string, now = new Date()): Promise<number> {
    return this.people.erase(email, COMMAND_LINE, null, now)
  }

  /** Keeps the caps of an entry about to go, by a keyed hash of its address (see migration 0004). */
  private async rememberLeaver(trx: Tx, entry: { email_key: string; confirm_mails_sent: number; last_confirm_mail_at: string | Date | null }, now: Date) {
    const last = entry.last_confirm_mail_at === null ? null : storedTime(toDate(entry.last_confirm_mail_at))
    await this.queries.rememberLeaver.run(trx, { hash: this.leaverHash(entry.email_key), sent: entry.confirm_mails_sent, last, now: storedTime(now) })
  }

  readonly outbox: OutboxStore = {
    claim: (now: Date, leaseMs: number, max: number, lane?: DeliveryLane) =>
      this.write(async (trx) => {
        const { rows } = await this.queries.claim[lane ?? "any"].run(trx, { now: storedTime(now), lease: storedTime(new Date(now.getTime() + leaseMs)), max })
        const claimed: Delivery[] = []
        for (const row of rows.sort((a, b) => toDate(a.next_attempt_at).getTime() - toDate(b.next_attempt_at).getTime() || a.id - b.id)) {
          const delivery = await this.claimed(trx, row, now)
          if (delivery) claimed.push(delivery)
        }
        return claimed
      }),
    renew: (claims, now, leaseMs) =>
      claims.length === 0
        ? Promise.resolve()
        : this.write(async (trx) => {
            const lease = storedTime(new Date(now.getTime() + leaseMs))
            for (const { id, attempts } of claims) await this.queries.renew.run(trx, { id, attempts, lease })
          }),
    complete: (id: number, now: Date) =>
      this.write(async (trx) => {
        await this.queries.complete.run(trx, { id, now: storedTime(now) })
        await this.announcementRecords.recordTry(trx, id, false, "sent", now)
      }),
    fail: (id: number, { error, nextAttemptAt, now, bounce }: DeliveryFailure) =>
      this.write(async (trx) => {
        if (nextAttemptAt) await this.queries.retryLater.run(trx, { id, next: storedTime(nextAttemptAt), error })
        else await this.queries.giveUp.run(trx, { id, error })
        await this.announcementRecords.recordTry(trx, id, true, nextAttemptAt ? null : "failed", now)
        if (bounce) await this.suppressions.recordBounce(trx, id, bounce, `smtp ${bounceDetail(error)}`, now)
      }),
    release: (claims) =>
      claims.length === 0
        ? Promise.resolve()
        : this.write(async (trx) => {
            for (const { id, attempts } of claims) await this.queries.release.run(trx, { id, attempts })
          }),
    backlog: () =>
      this.run(async () => {
        const rows = await this.dialect.db
          .selectFrom("waitlist_outbox")
          .select((eb) => ["kind", "status", eb.fn.countAll<number | string>().as("n"), eb.fn.min("created_at").as("oldest")])
          .where("status", "in", ["pending", "paused"])
          .groupBy(["kind", "status"])
          .execute()
        return outboxDepth(rows)
      }),
    list: (statuses: readonly DeliveryStatus[]) =>
      this.run(async () =>
        statuses.length === 0
          ? []
          : (await this.dialect.db.selectFrom("waitlist_outbox").selectAll().where("status", "in", [...statuses]).orderBy("created_at").orderBy("id").execute()).map((row) =>
              deliveryOf(row as OutboxRow),
            ),
      ),
    retry: async (typed: string, now: Date) => {
      const id = deliveryId(typed)
      if (id === null) return false
      return this.write(async (trx) => Number((await this.queries.retryFailed.run(trx, { id, now: storedTime(now) })).numAffectedRows ?? 0) > 0)
    },
    prune: async (now: Date, windowMs: number) => {
      await this.write(async (trx) => void (await this.queries.pruneRate.run(trx, { before: now.getTime() - windowMs })))
      await this.admin.forgetOld(now)
    },
  }

  /**
   * A claimed row as the worker gets it: a team mail with the messages it
   * tells of, an announcement's mail with its text, each with its tag. A
   * mail to a suppressed address fails at once instead, mailing no one.
   */
  private async claimed(trx: Tx, row: OutboxRow, now: Date): Promise<Delivery | null> {
    const tag = deliveryTag(this.bounceKey, row.id)
    if (VISITOR_MAIL_KINDS.includes(row.kind as DeliveryKind) && (await this.suppressions.isSuppressed(trx, this.suppressions.hashOf(row.recipient)))) {
      await this.queries.giveUp.run(trx, { id: row.id, error: SUPPRESSED_ERROR })
      await this.announcementRecords.recordTry(trx, row.id, false, "failed", now)
      return null
    }
    if (row.kind === "announcement") {
      const announcement = (await this.announcementRecords.versionOf(trx, row.id)) ?? undefined
      return { ...deliveryOf(row), announcement, tag }
    }
    const gathered = row.message_id === null ? [] : (await this.queries.gathered.run(trx, { entryId: row.entry_id, from: row.message_id, max: MAX_GATHERED_MESSAGES })).rows
    return { ...deliveryOf(row, gathered.map((message) => ({ name: message.name, message: message.message, metadata: parseMetadata(message.metadata) }))), tag }
  }

  readonly announcements: AnnouncementStore = {
    send: (slug, content, mailFor, now, audit) => this.run(() => this.announcementRecords.send(slug, content, mailFor, now, audit)),
    audience: (slug, languageOf) => this.run(() => this.announcementRecords.audience(slug, languageOf)),
    progress: (slug) => this.run(() => this.announcementRecords.progress(slug)),
    setPaused: (slug, paused, options) => this.run(() => this.announcementRecords.setPaused(slug, paused, options)),
  }

  readonly bounces: BounceStore = {
    deliveryOfTag: (tag) => this.run(async () => deliveryOfTag(this.bounceKey, tag)),
    record: (deliveryId, kind, detail, now) => this.write((trx) => this.suppressions.recordBounce(trx, deliveryId, kind, detail, now)),
    isSuppressed: (address) => this.run(() => this.suppressions.isSuppressed(this.dialect.db, this.suppressions.hashOf(address))),
    unsuppress: (address, now) => this.write((trx) => this.suppressions.lift(trx, address, now)),
  }

  async close(): Promise<void> {
    await this.dialect.close()
  }
}

/** The outbox's depth from its counts by kind and status (see OutboxStore's backlog). */
function outboxDepth(rows: { kind: string; status: string; n: number | string; oldest: string | Date | null }[]): OutboxDepth {
  const none = (): PendingDeliveries => ({ pending: 0, oldestPendingAt: null })
  const depth: OutboxDepth = { ...none(), paused: 0, lanes: { mail: none(), webhook: none(), bulk: none() } }
  const add = (to: PendingDeliveries, n: number, oldest: Date | null) => {
    to.pending += n
    if (oldest && (to.oldestPendingAt === null || oldest < to.oldestPendingAt)) to.oldestPendingAt = oldest
  }
  for (const row of rows) {
    if (row.status === "paused") {
      depth.paused += Number(row.n)
      continue
    }
    add(depth, Number(row.n), toDateOrNull(row.oldest))
    add(depth.lanes[laneOf(row.kind as DeliveryKind)], Number(row.n), toDateOrNull(row.oldest))
  }
  return depth
}

/** A version of the privacy policy as the columns that keep it (all null: not recorded). */
const policyValues = (policy: PolicyVersion | null) => ({ policyLang: policy?.lang ?? null, policyDate: policy?.effectiveDate ?? null, policySha256: policy?.sha256 ?? null })

/** Where a confirmation link stands, from the row of its entry (none: an unknown link). */
function linkState(row: { confirmed_at: string | Date | null; confirm_expires_at: string | Date | null } | undefined, now: Date): LinkState {
  if (!row) return "expired"
  if (row.confirmed_at !== null) return "confirmed"
  return row.confirm_expires_at !== null && toDate(row.confirm_expires_at).getTime() > now.getTime() ? "pending" : "expired"
}
