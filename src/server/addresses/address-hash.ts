import type { Db } from "../db/db"
import { emailKey } from "./email-identity"

/**
 * The keyed hash an address is known by once nothing else of it may be
 * kept (a person who left or was erased, a suppression, the audit log's
 * lines about a person): every spelling of one address gives the same.
 * Valid inside the database's `read` and `write` (see Db's keyedHash).
 */
export const addressHash = (db: Db, address: string): string => db.keyedHash(emailKey(address))
