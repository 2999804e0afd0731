import type { Db } from "../db/db"
import { emailKey } from "./email-identity"
import { mailboxKey } from "./mailbox-key"

/**
 * The keyed hash an address is known by once nothing else of it may be
 * kept (a person who left or was erased, a suppression, the audit log's
 * lines about a person): every spelling of one address gives the same.
 * Valid inside the database's `read` and `write` (see Db's keyedHash).
 */
export const addressHash = (db: Db, address: string): string => db.keyedHash(emailKey(address))

/**
 * The keyed hash of the mailbox an address reaches (see mailboxKey): what
 * a limit per mailbox counts (the test sends of announcements), so that no
 * spelling of one mailbox gets a budget of its own.
 */
export const mailboxHash = (db: Db, address: string): string => db.keyedHash(mailboxKey(address))

/** The hashes a person's lines are found by: their address's and their mailbox's (one for most addresses). */
export const subjectHashesOf = (db: Db, address: string): string[] => [
  ...new Set([addressHash(db, address), mailboxHash(db, address)]),
]
