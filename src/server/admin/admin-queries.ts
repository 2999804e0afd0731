/**
 * The accounts of the people who run the site, their sessions and the
 * counts of failed logins, in the waitlist's database. Every write that an
 * audit line records is written in the transaction of that line.
 */
import { sql } from "kysely"
import { isRole, type Role } from "../../admin-api/roles"
import { emailKey } from "../addresses/email-identity"
import { appendAudit, type Actor } from "../audit/audit-log"
import type { Db } from "../db/db"
import { storedTime, toDate, toDateOrNull } from "../db/schema"
import {
  INVITE_TRIES,
  LOGIN_ACCOUNT_PACE_MS,
  LOGIN_FAILURE_LIMIT,
  LOGIN_WINDOW_MS,
  SESSION_IDLE_MS,
} from "./admin-limits"
import type { SessionAccount } from "../../admin-api/session-account"
import type { AccountState, AdminAccount, LoginAccount, OpenInvite } from "./accounts"

/** What an invitation did: made (or made anew), or refused because the address has an active account already. */
export type InviteOutcome = "invited" | "active"

const roleOf = (role: string): Role => (isRole(role) ? role : "marketing")

const stateOf = (row: { activated_at: unknown; revoked_at: unknown }): AccountState =>
  row.revoked_at !== null ? "revoked" : row.activated_at !== null ? "active" : "invited"

/**
 * Invites an address to an account of a role: a new account, or an
 * invited or revoked one made anew (its password and authenticator
 * forgotten, its earlier link dead). An active account is left alone.
 */
export function inviteAccount(
  db: Db,
  email: string,
  role: Role,
  tokenKey: string,
  expiresAt: Date,
  by: Actor,
  now: Date,
): Promise<InviteOutcome> {
  return db.write(async (trx) => {
    const key = emailKey(email)
    const found = await trx
      .selectFrom("admin_accounts")
      .select(["id", "activated_at", "revoked_at"])
      .where("email_key", "=", key)
      .executeTakeFirst()
    if (found && stateOf(found) === "active") return "active"
    const fresh = {
      email: email.trim(),
      role,
      password_hash: null,
      totp_secret: null,
      totp_pending_secret: null,
      totp_last_step: null,
      invite_token_hash: tokenKey,
      invite_expires_at: storedTime(expiresAt),
      invite_failed_tries: 0,
      activated_at: null,
      revoked_at: null,
    }
    if (found) await trx.updateTable("admin_accounts").set(fresh).where("id", "=", found.id).execute()
    else
      await trx
        .insertInto("admin_accounts")
        .values({ ...fresh, email_key: key, created_at: storedTime(now) })
        .execute()
    await appendAudit(trx, { action: "invite", actor: by, at: now, ip: null, detail: `${email.trim()} as ${role}` })
    return "invited"
  })
}

/** Every account, in the order they were made. */
export function listAccounts(db: Db): Promise<AdminAccount[]> {
  return db.read(async (on) => {
    const rows = await on.selectFrom("admin_accounts").selectAll().orderBy("id").execute()
    return rows.map((row) => ({
      email: row.email,
      role: roleOf(row.role),
      state: stateOf(row),
      createdAt: toDate(row.created_at),
      activatedAt: toDateOrNull(row.activated_at),
      revokedAt: toDateOrNull(row.revoked_at),
      inviteExpiresAt: toDateOrNull(row.invite_expires_at),
    }))
  })
}

/** Revokes an account: it logs in no more, its sessions end and its invitation dies. False when there is no account of the address not revoked already. */
export function revokeAccount(db: Db, email: string, by: Actor, ip: string | null, now: Date): Promise<boolean> {
  return db.write(async (trx) => {
    const found = await trx
      .selectFrom("admin_accounts")
      .select(["id", "email"])
      .where("email_key", "=", emailKey(email))
      .where("revoked_at", "is", null)
      .executeTakeFirst()
    if (!found) return false
    await trx
      .updateTable("admin_accounts")
      .set({ revoked_at: storedTime(now), invite_token_hash: null, invite_expires_at: null })
      .where("id", "=", found.id)
      .execute()
    await trx.deleteFrom("admin_sessions").where("account_id", "=", found.id).execute()
    await appendAudit(trx, { action: "revoke", actor: by, at: now, ip, detail: found.email })
    return true
  })
}

/**
 * The account an unexpired invitation is for, with the authenticator's
 * secret being enrolled: the one shown before, or `newSecret` the first
 * time the link is opened. Null for an unknown, taken or expired link.
 */
export function openInvite(db: Db, tokenKey: string, newSecret: string, now: Date): Promise<OpenInvite | null> {
  return db.write(async (trx) => {
    const found = await db
      .forUpdate(
        trx
          .selectFrom("admin_accounts")
          .select(["id", "email", "role", "totp_pending_secret", "invite_expires_at"])
          .where("invite_token_hash", "=", tokenKey)
          .where("revoked_at", "is", null),
      )
      .executeTakeFirst()
    if (!found || found.invite_expires_at === null || toDate(found.invite_expires_at) <= now) return null
    const pendingSecret = found.totp_pending_secret ?? newSecret
    if (found.totp_pending_secret === null)
      await trx
        .updateTable("admin_accounts")
        .set({ totp_pending_secret: pendingSecret })
        .where("id", "=", found.id)
        .execute()
    return { email: found.email, role: roleOf(found.role), pendingSecret }
  })
}

/**
 * Counts a failed try at taking an invitation (a refused password, a wrong
 * code); the INVITE_TRIES-th ends it, as if it had expired.
 * @returns whether the invitation still works
 */
export function inviteTryFailed(db: Db, tokenKey: string, now: Date): Promise<boolean> {
  return db.write(async (trx) => {
    const found = await db
      .forUpdate(
        trx
          .selectFrom("admin_accounts")
          .select(["id", "email", "invite_failed_tries"])
          .where("invite_token_hash", "=", tokenKey)
          .where("revoked_at", "is", null),
      )
      .executeTakeFirst()
    if (!found) return false
    const tries = found.invite_failed_tries + 1
    const ended = tries >= INVITE_TRIES
    await trx
      .updateTable("admin_accounts")
      .set(
        ended
          ? { invite_failed_tries: tries, invite_token_hash: null, invite_expires_at: null }
          : { invite_failed_tries: tries },
      )
      .where("id", "=", found.id)
      .execute()
    if (ended)
      await appendAudit(trx, {
        action: "invite-ended",
        actor: { accountId: found.id, label: found.email },
        at: now,
        ip: null,
        detail: `after ${INVITE_TRIES} failed tries`,
      })
    return !ended
  })
}

/**
 * Takes an invitation: the account gets its password's hash and the
 * authenticator whose code was checked (`step`, the code's time step, is
 * never accepted again), and the link dies. Only while the link is valid
 * and its secret the one the code was checked against.
 * @returns the account, now active, or null when the link was taken or expired meanwhile
 */
export function acceptInvite(
  db: Db,
  tokenKey: string,
  secret: string,
  passwordHash: string,
  step: number,
  now: Date,
  ip: string | null,
): Promise<SessionAccount | null> {
  return db.write(async (trx) => {
    const found = await trx
      .selectFrom("admin_accounts")
      .select(["id", "email", "role", "invite_expires_at"])
      .where("invite_token_hash", "=", tokenKey)
      .where("totp_pending_secret", "=", secret)
      .where("revoked_at", "is", null)
      .executeTakeFirst()
    if (!found || found.invite_expires_at === null || toDate(found.invite_expires_at) <= now) return null
    await trx
      .updateTable("admin_accounts")
      .set({
        password_hash: passwordHash,
        totp_secret: secret,
        totp_pending_secret: null,
        totp_last_step: step,
        activated_at: storedTime(now),
        invite_token_hash: null,
        invite_expires_at: null,
      })
      .where("id", "=", found.id)
      .execute()
    const account = { id: found.id, email: found.email, role: roleOf(found.role) }
    await appendAudit(trx, {
      action: "enrol",
      actor: { accountId: account.id, label: account.email },
      at: now,
      ip,
      detail: `as ${account.role}`,
    })
    return account
  })
}

/**
 * Who a login's failures count against: the browser when it is known to
 * the account (its device cookie's nonce), else the client and the pair of
 * account and client; and the account itself, always.
 */
export type LoginSubjects = { account: string; device: string | null; client: string }

/** The subjects a failure is counted under (admin_login_failures.subject). */
const failureSubjects = ({ account, device, client }: LoginSubjects): string[] =>
  device
    ? [`device:${device}`, `account:${account}`]
    : [`client:${client}`, `account-client:${account}|${client}`, `account:${account}`]

/**
 * How many seconds until this login may be tried, or null when it may be
 * now. A known browser is held only by its own LOGIN_FAILURE_LIMIT failures
 * in LOGIN_WINDOW_MS; another by its client's; and, while the account has
 * that many failures from anywhere, it waits for LOGIN_ACCOUNT_PACE_MS after
 * the account's last one: a guesser elsewhere slows logins from new
 * browsers, and holds out none from a known one.
 */
export function loginHeldFor(db: Db, { account, device, client }: LoginSubjects, now: Date): Promise<number | null> {
  return db.read(async (on) => {
    const since = now.getTime() - LOGIN_WINDOW_MS
    const failures = (subject: string) =>
      on
        .selectFrom("admin_login_failures")
        .select("at")
        .where("subject", "=", subject)
        .where("at", ">", since)
        .orderBy("at", "desc")
    const limitReachedAt = async (subject: string) =>
      (
        await failures(subject)
          .limit(1)
          .offset(LOGIN_FAILURE_LIMIT - 1)
          .executeTakeFirst()
      )?.at
    const held = await limitReachedAt(device ? `device:${device}` : `client:${client}`)
    let wait = held === undefined ? 0 : Number(held) + LOGIN_WINDOW_MS - now.getTime()
    if (!device && (await limitReachedAt(`account:${account}`)) !== undefined) {
      const last = await failures(`account:${account}`).limit(1).executeTakeFirst()
      wait = Math.max(wait, Number(last?.at ?? 0) + LOGIN_ACCOUNT_PACE_MS - now.getTime())
    }
    return wait > 0 ? Math.ceil(wait / 1000) : null
  })
}

/** An account as a login checks it, by its address; null for none. */
export function loginAccount(db: Db, email: string): Promise<LoginAccount | null> {
  return db.read(async (on) => {
    const row = await on
      .selectFrom("admin_accounts")
      .selectAll()
      .where("email_key", "=", emailKey(email))
      .executeTakeFirst()
    if (!row) return null
    return {
      id: row.id,
      email: row.email,
      role: roleOf(row.role),
      passwordHash: row.password_hash,
      totpSecret: row.totp_secret,
      totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
      active: stateOf(row) === "active",
    }
  })
}

/**
 * Records a login whose password and code were right: the code's time
 * step is used up (unless another login took it meanwhile, which makes
 * this one fail), a session begins under a new token, and the failures of
 * this browser, or of this client at this account, are forgotten.
 * @returns whether the session began
 */
export function loginSucceeded(
  db: Db,
  account: LoginAccount,
  step: number,
  sessionKey: string,
  expiresAt: Date,
  now: Date,
  ip: string | null,
  subjects: LoginSubjects,
): Promise<boolean> {
  return db.write(async (trx) => {
    const used = await trx
      .updateTable("admin_accounts")
      .set({ totp_last_step: step })
      .where("id", "=", account.id)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst()
    if (Number(used.numUpdatedRows) === 0) return false
    const time = storedTime(now)
    await trx
      .insertInto("admin_sessions")
      .values({
        token_hash: sessionKey,
        account_id: account.id,
        created_at: time,
        last_seen_at: time,
        expires_at: storedTime(expiresAt),
      })
      .execute()
    // What this browser or client failed before counts no more; the account's own count (a guesser's) stays.
    for (const subject of failureSubjects(subjects).filter(
      (subject) => !subject.startsWith("account:") && !subject.startsWith("client:"),
    )) {
      await trx.deleteFrom("admin_login_failures").where("subject", "=", subject).execute()
    }
    await appendAudit(trx, { action: "login", actor: { accountId: account.id, label: account.email }, at: now, ip })
    return true
  })
}

/** Starts a session for an account that just proved itself some other way (taking its invitation). */
export function startSession(
  db: Db,
  account: SessionAccount,
  sessionKey: string,
  expiresAt: Date,
  now: Date,
  ip: string | null,
): Promise<void> {
  return db.write(async (trx) => {
    const time = storedTime(now)
    await trx
      .insertInto("admin_sessions")
      .values({
        token_hash: sessionKey,
        account_id: account.id,
        created_at: time,
        last_seen_at: time,
        expires_at: storedTime(expiresAt),
      })
      .execute()
    await appendAudit(trx, {
      action: "login",
      actor: { accountId: account.id, label: account.email },
      at: now,
      ip,
      detail: "after taking the invitation",
    })
  })
}

/** Counts a failed login against its subjects and records it; `account` is the account of the address tried, if there is one. */
export function loginFailed(
  db: Db,
  subjects: LoginSubjects,
  account: LoginAccount | null,
  now: Date,
  ip: string | null,
): Promise<void> {
  return db.write(async (trx) => {
    for (const subject of failureSubjects(subjects))
      await trx.insertInto("admin_login_failures").values({ subject, at: now.getTime() }).execute()
    const actor = account
      ? { accountId: account.id, label: account.email }
      : { accountId: null, label: "unknown account" }
    await appendAudit(trx, { action: "login-failed", actor, at: now, ip })
  })
}

/**
 * Clears the failures that hold an account's logins (its own, those of the
 * clients that failed at it, and theirs as clients), so its owner gets in
 * again from where they are; recorded.
 * @returns whether there is such an account
 */
export function unlockAccount(db: Db, email: string, by: Actor, now: Date): Promise<boolean> {
  return db.write(async (trx) => {
    const key = emailKey(email)
    const found = await trx
      .selectFrom("admin_accounts")
      .select(["id", "email"])
      .where("email_key", "=", key)
      .executeTakeFirst()
    if (!found) return false
    const prefix = `account-client:${key}|`
    const pairs = await trx
      .selectFrom("admin_login_failures")
      .select("subject")
      .distinct()
      .where(sql<boolean>`substr(subject, 1, ${[...prefix].length}) = ${prefix}`)
      .execute()
    const clients = pairs.map((row) => `client:${row.subject.slice(prefix.length)}`)
    for (const subject of [`account:${key}`, ...pairs.map((row) => row.subject), ...clients])
      await trx.deleteFrom("admin_login_failures").where("subject", "=", subject).execute()
    await appendAudit(trx, {
      action: "unlock",
      actor: by,
      at: now,
      ip: null,
      detail: `${found.email}: ${pairs.length === 1 ? "1 client" : `${pairs.length} clients`} cleared`,
    })
    return true
  })
}

/**
 * The account of a session that is still valid at `now`, which counts as
 * a request (the idle time starts again); null for an unknown, ended,
 * idle or too old session, or one of a revoked account. A session found
 * out of time is deleted.
 */
export function accountOfSession(db: Db, sessionKey: string, now: Date): Promise<SessionAccount | null> {
  return db.write(async (trx) => {
    const found = await trx
      .selectFrom("admin_sessions")
      .innerJoin("admin_accounts", "admin_accounts.id", "admin_sessions.account_id")
      .select([
        "admin_accounts.id",
        "admin_accounts.email",
        "admin_accounts.role",
        "admin_accounts.revoked_at",
        "admin_sessions.last_seen_at",
        "admin_sessions.expires_at",
      ])
      .where("admin_sessions.token_hash", "=", sessionKey)
      .executeTakeFirst()
    if (!found) return null
    const idle = toDate(found.last_seen_at).getTime() + SESSION_IDLE_MS <= now.getTime()
    if (found.revoked_at !== null || idle || toDate(found.expires_at) <= now) {
      await trx.deleteFrom("admin_sessions").where("token_hash", "=", sessionKey).execute()
      return null
    }
    await trx
      .updateTable("admin_sessions")
      .set({ last_seen_at: storedTime(now) })
      .where("token_hash", "=", sessionKey)
      .execute()
    return { id: found.id, email: found.email, role: roleOf(found.role) }
  })
}

/** Ends a session (a logout) and records it. */
export function endSession(
  db: Db,
  sessionKey: string,
  account: SessionAccount,
  now: Date,
  ip: string | null,
): Promise<void> {
  return db.write(async (trx) => {
    await trx.deleteFrom("admin_sessions").where("token_hash", "=", sessionKey).execute()
    await appendAudit(trx, { action: "logout", actor: { accountId: account.id, label: account.email }, at: now, ip })
  })
}

/** Forgets what may be kept no longer: failed logins older than the lock-out's window, and sessions out of time (a periodic job). */
export function forgetOldLogins(db: Db, now: Date): Promise<void> {
  return db.write(async (trx) => {
    await trx
      .deleteFrom("admin_login_failures")
      .where("at", "<=", now.getTime() - LOGIN_WINDOW_MS)
      .execute()
    await trx
      .deleteFrom("admin_sessions")
      .where((eb) =>
        eb.or([
          eb("expires_at", "<=", storedTime(now)),
          eb("last_seen_at", "<=", storedTime(new Date(now.getTime() - SESSION_IDLE_MS))),
        ]),
      )
      .execute()
  })
}
