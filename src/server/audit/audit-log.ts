/**
 * The append-only audit log: who did what, when and from where, each line
 * written in the transaction of what it records, so nothing is done
 * unrecorded. A person is named by the keyed hash of their address (see
 * addressHash), so the log says nothing of them once they are erased; a
 * client's address is kept 30 days, then only its keyed hash.
 */
import type { Db, On } from "../db/db"
import { storedTime, toDate } from "../db/schema"

/** Who did something the audit log records: an account, or the command line on the server. */
export type Actor = { accountId: number | null; label: string }

/** The actor of the CLIs (`npm run admin`, `npm run waitlist`), run by whoever has a shell on the server. */
export const COMMAND_LINE: Actor = { accountId: null, label: "command line" }

/** Who asks for something the audit log records, and from which client address (none: the command line). */
export type AuditedBy = { actor: Actor; ip: string | null }

/** Who the command line's actions are by. */
export const BY_COMMAND_LINE: AuditedBy = { actor: COMMAND_LINE, ip: null }

/** The actions the audit log records. */
export type AuditAction =
  | "login"
  | "login-failed"
  | "logout"
  | "invite"
  | "enrol"
  | "invite-ended"
  | "revoke"
  | "unlock"
  | "export"
  | "erase"
  | "announcement-test"
  | "announcement-send"
  | "announcement-pause"
  | "announcement-resume"
  | "sequence-test"
  | "unsuppress"
  | "referral-credit"
  | "referral-refuse"

/** A line to append to the audit log. */
export type NewAuditEntry = {
  action: AuditAction
  actor: Actor
  at: Date
  ip: string | null
  subjectHash?: string | null
  detail?: string | null
}

/** A line of the audit log as it is read back: the client's address, or only its keyed hash once 30 days old. */
export type AuditEntry = {
  id: number
  at: Date
  action: string
  actor: string
  subjectHash: string | null
  detail: string | null
  ip: string | null
  ipHash: string | null
}

/** A page of a list, newest first. */
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number }

/** How long the audit log keeps a client's address before only its keyed hash remains. */
export const AUDIT_IP_KEPT_MS = 30 * 24 * 60 * 60 * 1000

/** The lines of the audit log whose address is hashed in one statement. */
const HASH_BATCH = 500

/** Appends a line to the audit log, in the transaction of what it records. */
export async function appendAudit(
  trx: On,
  { action, actor, at, ip, subjectHash = null, detail = null }: NewAuditEntry,
): Promise<void> {
  await trx
    .insertInto("admin_audit")
    .values({
      at: storedTime(at),
      action,
      account_id: actor.accountId,
      actor: actor.label,
      subject_hash: subjectHash,
      detail,
      ip,
      ip_hash: null,
    })
    .execute()
}

/**
 * The lines of these actions since `since` by this account and those about
 * this person, each with the time of the oldest of them: what a limit of
 * such actions counts (the test sends of list mails).
 */
export function auditLinesSince(
  db: Db,
  actions: readonly AuditAction[],
  since: Date,
  { accountId, subjectHash }: { accountId: number | null; subjectHash: string },
) {
  return db.read(async (on) => {
    const lines = on
      .selectFrom("admin_audit")
      .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("at").as("oldest")])
      .where("action", "in", [...actions])
      .where("at", ">=", storedTime(since))
    const count = async (query: typeof lines) => {
      const row = await query.executeTakeFirstOrThrow()
      return { count: Number(row.n), oldest: row.oldest === null ? null : toDate(row.oldest as string | Date) }
    }
    return {
      byAccount:
        accountId === null ? { count: 0, oldest: null } : await count(lines.where("account_id", "=", accountId)),
      aboutSubject: await count(lines.where("subject_hash", "=", subjectHash)),
    }
  })
}

/** Records an action that changed nothing else (an export, a test send). */
export const recordAudit = (db: Db, entry: NewAuditEntry): Promise<void> => db.write((trx) => appendAudit(trx, entry))

/** A page of the audit log, newest first; only the lines about one person (by the keyed hashes of their address and mailbox) when `subjectHashes` are given. */
export function auditLog(
  db: Db,
  page: number,
  pageSize: number,
  subjectHashes: readonly string[] | null = null,
): Promise<Page<AuditEntry>> {
  return db.read(async (on) => {
    const filtered =
      subjectHashes === null
        ? on.selectFrom("admin_audit")
        : on.selectFrom("admin_audit").where("subject_hash", "in", [...subjectHashes])
    const total = Number((await filtered.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)
    const rows = await filtered
      .selectAll()
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute()
    const items = rows.map((row) => ({
      id: row.id,
      at: toDate(row.at),
      action: row.action,
      actor: row.actor,
      subjectHash: row.subject_hash,
      detail: row.detail,
      ip: row.ip,
      ipHash: row.ip_hash,
    }))
    return { items, total, page, pageSize }
  })
}

/** Replaces the client addresses of lines older than AUDIT_IP_KEPT_MS by their keyed hash (so lines from one address can still be told apart). */
export function forgetOldAuditAddresses(db: Db, now: Date): Promise<void> {
  const before = storedTime(new Date(now.getTime() - AUDIT_IP_KEPT_MS))
  return db.write(async (trx) => {
    for (;;) {
      const old = await trx
        .selectFrom("admin_audit")
        .select(["id", "ip"])
        .where("ip", "is not", null)
        .where("at", "<", before)
        .limit(HASH_BATCH)
        .execute()
      for (const { id, ip } of old)
        await trx
          .updateTable("admin_audit")
          .set({ ip: null, ip_hash: db.keyedHash(`ip\u0000${ip ?? ""}`) })
          .where("id", "=", id)
          .execute()
      if (old.length < HASH_BATCH) return
    }
  })
}
