import { parseArgs } from "node:util"
import { isRole, ROLES } from "../../admin-api/roles"
import { isSingleAddress } from "../../waitlist/contact-rules"
import type { AdminAccount } from "../admin/accounts"
import { MAX_EMAIL_LENGTH } from "../addresses/lookup-address"
import { INVITE_TTL_MS } from "../admin/admin-limits"
import { forgetOldLogins, inviteAccount, listAccounts, revokeAccount, unlockAccount } from "../admin/admin-queries"
import { newSecretToken, secretTokenKey } from "../admin/secret-tokens"
import { auditLog, COMMAND_LINE, forgetOldAuditAddresses, type AuditEntry } from "../audit/audit-log"
import type { Db } from "../db/db"
import { alignedColumns } from "./aligned-columns"
import { inertText } from "./inert-text"

/** What `npm run admin` prints when the command is missing or wrong. */
export const ADMIN_USAGE = `Usage: npm run --silent admin -- <command>

Commands:
  invite <email> --role owner|marketing|legal
                  make an account (or make a revoked or unused one anew) and print its
                  one-time link, valid for 24 hours, to send to that person
  list            list the accounts: address, role, state, when made, activated, revoked
  revoke <email>  revoke an account: it logs in no more, and its sessions end at once
  unlock <email>  clear the failed logins that hold an account out (someone guessing at it),
                  so its owner logs in again from where they are
  audit           print the audit log, newest first: when, who, what, about whom, from where

Roles: owner (everything), marketing (dashboard, entries, announcements),
legal (entries, a person's data: export and erasure, the audit log).
The admin lives in the waitlist's database: DATABASE_URL when it is set, else
the SQLite file at WAITLIST_DB_PATH (default .data/waitlist.sqlite).
`

/** Where a command reads and writes: the store, the site's public address, the clock and the two output streams. */
export type AdminIo = {
  openDb: () => Db
  siteUrl: string
  now: () => Date
  out: (text: string) => void
  err: (text: string) => void
}

type Command = (db: Db, io: AdminIo) => Promise<void>

/** A command's mistake, told to whoever typed it, with exit code 2. */
class UsageError extends Error {}

const iso = (date: Date | null) => (date ? date.toISOString().replace(/\.\d{3}Z$/, "Z") : "-")

/** Columns padded to their widest cell, one line a row. */
const table = (rows: string[][]) => alignedColumns(rows, () => false) + "\n"

const accountRows = (accounts: AdminAccount[]) => [
  ["email", "role", "state", "created", "activated", "revoked"],
  ...accounts.map((account) => [
    inertText(account.email),
    account.role,
    account.state === "invited" && account.inviteExpiresAt
      ? `invited (link valid until ${iso(account.inviteExpiresAt)})`
      : account.state,
    iso(account.createdAt),
    iso(account.activatedAt),
    iso(account.revokedAt),
  ]),
]

const auditRows = (entries: AuditEntry[]) => [
  ["at", "action", "who", "about", "detail", "from"],
  ...entries.map((entry) => [
    iso(entry.at),
    entry.action,
    inertText(entry.actor),
    entry.subjectHash ? `address ${entry.subjectHash.slice(0, 12)}` : "-",
    inertText(entry.detail ?? "-"),
    entry.ip ? inertText(entry.ip) : entry.ipHash ? `hashed ${entry.ipHash.slice(0, 12)}` : "-",
  ]),
]

/** An address as a command takes it: one address, at most 254 characters. */
function addressArgument(value: string | undefined): string {
  const email = value?.trim() ?? ""
  if (email.length > MAX_EMAIL_LENGTH || !isSingleAddress(email))
    throw new UsageError(`"${inertText(email)}" is not one e-mail address`)
  return email
}

/** The command the arguments name, or null when they name none. */
function commandOf(args: string[]): Command | null {
  const [name, ...rest] = args
  if (name === "invite") {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { role: { type: "string" } },
      allowPositionals: true,
      strict: true,
    })
    if (positionals.length !== 1) return null
    return async (db, { siteUrl, now, out }) => {
      const email = addressArgument(positionals[0])
      if (!isRole(values.role)) throw new UsageError(`give the account a role: --role ${ROLES.join("|")}`)
      const token = newSecretToken()
      const at = now()
      const outcome = await inviteAccount(
        db,
        email,
        values.role,
        secretTokenKey(token),
        new Date(at.getTime() + INVITE_TTL_MS),
        COMMAND_LINE,
        at,
      )
      if (outcome === "active")
        throw new UsageError(
          `${inertText(email)} has an active account already: revoke it first to invite the address again`,
        )
      out(
        `Invited ${inertText(email)} as ${values.role}. Send this link to them; it works once, for 24 hours:\n${siteUrl}/admin/invite#${token}\n`,
      )
    }
  }
  if (name === "list" && rest.length === 0)
    return async (db, { out }) => out(table(accountRows(await listAccounts(db))))
  if (name === "revoke" && rest.length === 1) {
    return async (db, { now, out }) => {
      const email = addressArgument(rest[0])
      if (!(await revokeAccount(db, email, COMMAND_LINE, null, now())))
        throw new UsageError(`there is no account of ${inertText(email)} to revoke; see \`npm run admin -- list\``)
      out(`Revoked ${inertText(email)}: its sessions have ended\n`)
    }
  }
  if (name === "unlock" && rest.length === 1) {
    return async (db, { now, out }) => {
      const email = addressArgument(rest[0])
      if (!(await unlockAccount(db, email, COMMAND_LINE, now())))
        throw new UsageError(`there is no account of ${inertText(email)}; see \`npm run admin -- list\``)
      out(`Unlocked ${inertText(email)}: the failed logins that held it are cleared\n`)
    }
  }
  if (name === "audit" && rest.length === 0) {
    return async (db, { now, out }) => {
      await forgetOldLogins(db, now())
      await forgetOldAuditAddresses(db, now())
      const lines: AuditEntry[] = []
      for (let page = 1; ; page++) {
        const { items, total } = await auditLog(db, page, 500)
        lines.push(...items)
        if (items.length === 0 || lines.length >= total) break
      }
      out(table(auditRows(lines)))
    }
  }
  return null
}

/**
 * Runs one command of the admin's CLI and closes the store. Resolves with
 * the exit code: 0 when done, 1 when the store failed, 2 (after saying
 * why, or printing the usage) for a missing or wrong command.
 */
export async function runAdminCommand(args: string[], io: AdminIo): Promise<number> {
  let command: Command | null
  try {
    command = commandOf(args)
  } catch (error) {
    command = null
    io.err(`admin: ${inertText((error as Error).message)}\n`)
  }
  if (!command) {
    io.err(ADMIN_USAGE)
    return 2
  }
  const db = io.openDb()
  try {
    await command(db, io)
    return 0
  } catch (error) {
    io.err(`admin: ${inertText((error as Error).message)}\n`)
    return error instanceof UsageError ? 2 : 1
  } finally {
    await db.close().catch(() => undefined)
  }
}
