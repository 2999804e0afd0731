/**
 * Every statement the waitlist runs on its hot paths, in one place, each
 * built once for the database at hand (see prepare). The flows that run
 * them are in waitlist-database.ts; the few differences between SQLite and
 * PostgreSQL come from the dialect module.
 */
import { sql, type Kysely } from "kysely"
import { KINDS_OF_LANE, type DeliveryLane } from "../waitlist/deliveries"
import type { Database } from "./database"
import type { StoreDialect } from "./dialect"
import { preparer, type PreparedQuery } from "./prepared"

/** Every lane, and "any" for a claim of every lane's deliveries. */
const CLAIMS = [...(Object.keys(KINDS_OF_LANE) as DeliveryLane[]), "any"] as const

/** The statements of one database, built for its dialect. */
export function prepareQueries({ db, execute, skipLocked, forUpdate }: Pick<StoreDialect, "db" | "execute" | "skipLocked" | "forUpdate">) {
  const prepare = preparer(execute)
  return {
    /**
     * Adds an entry with its confirmation started, or marks the entry of the
     * address as written to again and leaves its confirmation alone. Gives
     * the entry's id and its confirmation as it stands after the write: a
     * new entry, and only a new one, holds this write's confirmation key
     * (random, so no other entry can hold it), which is what is_new says.
     */
    writeEntry: prepare<
      {
        name: string
        email: string
        key: string
        now: string
        tokenKey: string | null
        expires: string | null
        sent: number
        last: string | null
        nameKey: string
        lang: string | null
        referrerHost: string | null
        utmSource: string | null
        utmMedium: string | null
        utmCampaign: string | null
      },
      { id: number; is_new: unknown; confirmed_at: string | Date | null; confirm_mails_sent: number; last_confirm_mail_at: string | Date | null }
    >((value) =>
      db
        .insertInto("waitlist_entries")
        .values({
          name: value("name"),
          email: value("email"),
          email_key: value("key"),
          created_at: value("now"),
          updated_at: value("now"),
          confirm_token_hash: value("tokenKey"),
          confirm_expires_at: value("expires"),
          confirm_mails_sent: value("sent"),
          last_confirm_mail_at: value("last"),
          name_key: value("nameKey"),
          lang: value("lang"),
          referrer_host: value("referrerHost"),
          utm_source: value("utmSource"),
          utm_medium: value("utmMedium"),
          utm_campaign: value("utmCampaign"),
        })
        .onConflict((conflict) =>
          conflict.column("email_key").doUpdateSet({
            updated_at: sql`CASE WHEN excluded.updated_at > waitlist_entries.updated_at THEN excluded.updated_at ELSE waitlist_entries.updated_at END`,
          }),
        )
        .returning(["id", "confirmed_at", "confirm_mails_sent", "last_confirm_mail_at", sql<unknown>`confirm_token_hash = ${value("tokenKey")}`.as("is_new")]),
    ),
    insertMessage: prepare<
      { entryId: number; name: string; message: string; metadata: string; now: string; policyLang: string | null; policyDate: string | null; policySha256: string | null },
      { id: number }
    >((value) =>
      db
        .insertInto("waitlist_messages")
        .values({
          entry_id: value("entryId"),
          name: value("name"),
          message: value("message"),
          metadata: value("metadata"),
          submitted_at: value("now"),
          policy_lang: value("policyLang"),
          policy_date: value("policyDate"),
          policy_sha256: value("policySha256"),
        })
        .returning("id"),
    ),
    startConfirmation: prepare<{ id: number; tokenKey: string; expires: string; now: string }, never>((value) =>
      db
        .updateTable("waitlist_entries")
        .set({
          confirm_token_hash: value("tokenKey"),
          confirm_expires_at: value("expires"),
          confirm_mails_sent: sql`confirm_mails_sent + 1`,
          last_confirm_mail_at: value("now"),
        })
        .where("id", "=", value("id")),
    ),
    addLeaveToken: prepare<{ key: string; entryId: number }, never>((value) =>
      db.insertInto("waitlist_leave_tokens").values({ token_hash: value("key"), entry_id: value("entryId") }),
    ),
    queue: prepare<{ entryId: number; kind: string; recipient: string; payload: string; messageId: number | null; due: string; now: string }, never>((value) =>
      db.insertInto("waitlist_outbox").values({
        entry_id: value("entryId"),
        kind: value("kind"),
        recipient: value("recipient"),
        payload: value("payload"),
        message_id: value("messageId"),
        next_attempt_at: value("due"),
        created_at: value("now"),
      }),
    ),
    /** An entry's newest team mail: where it stands, and when it was (or is to be) sent. */
    lastTeamMail: prepare<{ entryId: number }, { status: string; next_attempt_at: string | Date; lease_until: string | Date | null; sent_at: string | Date | null }>((value) =>
      db
        .selectFrom("waitlist_outbox")
        .select(["status", "next_attempt_at", "lease_until", "sent_at"])
        .where("entry_id", "=", value("entryId"))
        .where("kind", "=", "notify")
        .orderBy("id", "desc")
        .limit(1),
    ),
    /** The messages a claimed team mail tells of: its own, and those after it until the entry's next team mail's. */
    gathered: prepare<{ entryId: number; from: number; max: number }, { name: string; message: string; metadata: string }>((value) =>
      db
        .selectFrom("waitlist_messages")
        .select(["name", "message", "metadata"])
        .where("entry_id", "=", value("entryId"))
        .where("id", ">=", value("from"))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("waitlist_outbox as later")
                .select("later.id")
                .where("later.entry_id", "=", value("entryId"))
                .where("later.kind", "=", "notify")
                .where("later.message_id", ">", value("from"))
                .whereRef("later.message_id", "<=", "waitlist_messages.id"),
            ),
          ),
        )
        .orderBy("id")
        .limit(value("max")),
    ),
    /** Whether an address's keyed hash is suppressed now. */
    suppressed: prepare<{ hash: string }, { address_hash: string }>((value) =>
      db.selectFrom("waitlist_suppressions").select("address_hash").where("address_hash", "=", value("hash")).where("lifted_at", "is", null),
    ),
    countDiscard: prepare<{ counter: DiscardCounter }, never>((value) =>
      db.updateTable("waitlist_counters").set({ value: sql`value + 1` }).where("name", "=", value("counter")),
    ),
    restoreUpdatedAt: prepare<{ id: number }, never>((value) =>
      db
        .updateTable("waitlist_entries")
        .set({ updated_at: (eb) => eb.selectFrom("waitlist_messages").select((inner) => inner.fn.max<string>("submitted_at").as("newest")).where("entry_id", "=", value("id")) })
        .where("id", "=", value("id")),
    ),
    /** When an entry's MESSAGES_PER_DAY-th newest message was left, if it has that many: read along the index, never the whole history. */
    capMessage: prepare<{ entryId: number; offset: number }, { submitted_at: string | Date }>((value) =>
      db.selectFrom("waitlist_messages").select("submitted_at").where("entry_id", "=", value("entryId")).orderBy("id", "desc").limit(1).offset(value("offset")),
    ),
    recentRate: prepare<{ client: string; since: number }, { n: number | string; oldest: number | string | null }>((value) =>
      db
        .selectFrom("waitlist_rate_events")
        .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min<number | null>("at").as("oldest")])
        .where("client", "=", value("client"))
        .where("at", ">", value("since")),
    ),
    countRate: prepare<{ client: string; at: number }, never>((value) => db.insertInto("waitlist_rate_events").values({ client: value("client"), at: value("at") })),
    pruneRate: prepare<{ before: number }, never>((value) => db.deleteFrom("waitlist_rate_events").where("at", "<=", value("before"))),

    byConfirmToken: prepare<
      { key: string },
      { id: number; name: string; email: string; confirmed_at: string | Date | null; confirm_expires_at: string | Date | null }
    >((value) =>
      forUpdate(
        db
          .selectFrom("waitlist_entries")
          .select(["id", "name", "email", "confirmed_at", "confirm_expires_at"])
          .where("confirm_token_hash", "=", value("key")),
      ),
    ),
    markConfirmed: prepare<{ id: number; now: string; policyLang: string | null; policyDate: string | null; policySha256: string | null }, never>((value) =>
      db
        .updateTable("waitlist_entries")
        .set({ confirmed_at: value("now"), confirmed_policy_lang: value("policyLang"), confirmed_policy_date: value("policyDate"), confirmed_policy_sha256: value("policySha256") })
        .where("id", "=", value("id")),
    ),
    byLeaveToken: prepare<{ key: string }, { entry_id: number }>((value) =>
      db.selectFrom("waitlist_leave_tokens").select("entry_id").where("token_hash", "=", value("key")),
    ),
    leaver: prepare<{ key: string }, { email_key: string; confirm_mails_sent: number; last_confirm_mail_at: string | Date | null }>((value) =>
      db
        .selectFrom("waitlist_entries")
        .select(["email_key", "confirm_mails_sent", "last_confirm_mail_at"])
        .where("id", "=", (eb) => eb.selectFrom("waitlist_leave_tokens").select("entry_id").where("token_hash", "=", value("key"))),
    ),
    rememberLeaver: prepare<{ hash: string; sent: number; last: string | null; now: string }, never>((value) =>
      db
        .insertInto("waitlist_leavers")
        .values({ address_hash: value("hash"), confirm_mails_sent: value("sent"), last_confirm_mail_at: value("last"), left_at: value("now") })
        .onConflict((conflict) =>
          conflict.column("address_hash").doUpdateSet({
            confirm_mails_sent: (eb) => eb.ref("excluded.confirm_mails_sent"),
            last_confirm_mail_at: (eb) => eb.ref("excluded.last_confirm_mail_at"),
            left_at: (eb) => eb.ref("excluded.left_at"),
          }),
        ),
    ),
    /** Takes back what was kept of a person who left, now that they signed up again. */
    returningLeaver: prepare<{ hash: string }, { confirm_mails_sent: number; last_confirm_mail_at: string | Date | null }>((value) =>
      db.deleteFrom("waitlist_leavers").where("address_hash", "=", value("hash")).returning(["confirm_mails_sent", "last_confirm_mail_at"]),
    ),
    /** Gives a returning person's entry the caps it had when they left: no confirmation now (`tokenKey` null), or this one counted after theirs. */
    inheritCaps: prepare<{ id: number; sent: number; last: string | null; tokenKey: string | null; expires: string | null }, never>((value) =>
      db
        .updateTable("waitlist_entries")
        .set({ confirm_mails_sent: value("sent"), last_confirm_mail_at: value("last"), confirm_token_hash: value("tokenKey"), confirm_expires_at: value("expires") })
        .where("id", "=", value("id")),
    ),
    leave: prepare<{ key: string }, never>((value) =>
      db.deleteFrom("waitlist_entries").where("id", "=", (eb) => eb.selectFrom("waitlist_leave_tokens").select("entry_id").where("token_hash", "=", value("key"))),
    ),

    /**
     * Claims due deliveries of a lane (of every lane for "any") for a lease;
     * on PostgreSQL, several instances claim at once, each different rows.
     * Each lane reads its own kinds along the index by kind, so thousands of
     * an announcement's mails waiting are never read past by a claim of the
     * lane of confirmations.
     */
    claim: Object.fromEntries(
      CLAIMS.map((lane) => [
        lane,
        prepare<{ now: string; lease: string; max: number }, OutboxRow>((value) =>
          db
            .updateTable("waitlist_outbox")
            .set({ lease_until: value("lease"), attempts: sql`attempts + 1` })
            .where("id", "in", (eb) =>
              skipLocked(
                eb
                  .selectFrom("waitlist_outbox")
                  .select("id")
                  .$if(lane !== "any", (query) => query.where("kind", "in", [...KINDS_OF_LANE[lane as DeliveryLane]]))
                  .where("status", "=", "pending")
                  .where("next_attempt_at", "<=", value("now"))
                  .where((where) => where.or([where("lease_until", "is", null), where("lease_until", "<=", value("now"))]))
                  .orderBy("next_attempt_at")
                  .orderBy("id")
                  .limit(value("max")),
              ),
            )
            .returningAll(),
        ),
      ]),
    ) as Record<(typeof CLAIMS)[number], PreparedQuery<{ now: string; lease: string; max: number }, OutboxRow>>,
    renew: prepare<{ id: number; attempts: number; lease: string }, never>((value) =>
      db
        .updateTable("waitlist_outbox")
        .set({ lease_until: value("lease") })
        .where("id", "=", value("id"))
        .where("attempts", "=", value("attempts"))
        .where("status", "=", "pending")
        .where("lease_until", "is not", null),
    ),
    /** Ends a claim's lease now, due as it was: see renew for which claims count (an announcement's paused meanwhile too, due once resumed). */
    release: prepare<{ id: number; attempts: number }, never>((value) =>
      db
        .updateTable("waitlist_outbox")
        .set({ lease_until: null })
        .where("id", "=", value("id"))
        .where("attempts", "=", value("attempts"))
        .where("status", "in", ["pending", "paused"])
        .where("lease_until", "is not", null),
    ),
    complete: prepare<{ id: number; now: string }, never>((value) =>
      db
        .updateTable("waitlist_outbox")
        .set({ status: "sent", sent_at: value("now"), lease_until: null, payload: "{}", last_error: null })
        .where("id", "=", value("id")),
    ),
    retryLater: prepare<{ id: number; next: string; error: string }, never>((value) =>
      db.updateTable("waitlist_outbox").set({ next_attempt_at: value("next"), lease_until: null, last_error: value("error") }).where("id", "=", value("id")),
    ),
    giveUp: prepare<{ id: number; error: string }, never>((value) =>
      db.updateTable("waitlist_outbox").set({ status: "failed", lease_until: null, last_error: value("error") }).where("id", "=", value("id")),
    ),
    retryFailed: prepare<{ id: number; now: string }, never>((value) =>
      db
        .updateTable("waitlist_outbox")
        .set({ status: "pending", next_attempt_at: value("now"), attempts: 0, lease_until: null })
        .where("id", "=", value("id"))
        .where("status", "=", "failed"),
    ),
  }
}

/** An outbox row as the database gives it back. */
/** The counters of thrown-away submissions (rows of waitlist_counters). */
export type DiscardCounter = "bots_discarded" | "repeats_discarded"

export type OutboxRow = {
  id: number
  entry_id: number
  kind: string
  recipient: string
  payload: string
  status: string
  attempts: number
  next_attempt_at: string | Date
  lease_until: string | Date | null
  last_error: string | null
  created_at: string | Date
  sent_at: string | Date | null
  message_id: number | null
}

export type Queries = ReturnType<typeof prepareQueries>

/** The database a flow reads outside the prepared statements (lists, exports), typed. */
export type WaitlistKysely = Kysely<Database>
