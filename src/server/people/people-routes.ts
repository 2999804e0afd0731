/**
 * The admin's routes of the waitlist's people: the entries, searched; a
 * person's data, as the file to hand to them (GDPR Art. 15), and its
 * erasure (Art. 17). Each export and erasure is in the audit log.
 */
import type { Request, RequestHandler } from "express"
import { z } from "zod"
import { addressHash } from "../addresses/address-hash"
import { lookupAddressOf } from "../addresses/lookup-address"
import { pageParam } from "../admin/admin-body"
import { MAX_PAGE, PAGE_SIZE } from "../admin/admin-limits"
import { recordAudit } from "../audit/audit-log"
import type { Db } from "../db/db"
import { pathParam, queryParam, sendInvalid, sendJson } from "../http/answers"
import { erasePerson } from "./erasure"
import { personRecord, searchEntries } from "./people-queries"
import { personExport } from "./person-export"

/** The longest search term: far longer than any address or name searched for. */
export const MAX_SEARCH_LENGTH = 200
const NO_ADDRESS =
  "The path does not name an address an entry could have: at most 254 characters of visible text, percent-encoded."

/** A search of the entries: any text of at most MAX_SEARCH_LENGTH characters, none by default. */
const searchTerm = z
  .string()
  .refine((term) => [...term].length <= MAX_SEARCH_LENGTH)
  .default("")

/** The address a person's path names (`/api/admin/people/:address`, percent-encoded), or undefined for one no entry could have. */
const pathAddress = (req: Request): string | undefined => lookupAddressOf(pathParam(req, "address"))

/** The handlers of /api/admin/entries and /api/admin/people/:address. */
export function peopleRoutes({ db, now, mailFolder }: { db: Db; now: () => Date; mailFolder: string }): {
  entries: RequestHandler
  exportPerson: RequestHandler
  erase: RequestHandler
} {
  return {
    /** GET /api/admin/entries?q=&page=: entries newest first, searched by address or name (every role). */
    async entries(req, res) {
      const term = searchTerm.safeParse(queryParam(req, "q"))
      if (!term.success) return sendInvalid(res, `Search with at most ${MAX_SEARCH_LENGTH} characters.`, "q")
      const page = pageParam.safeParse(queryParam(req, "page"))
      if (!page.success) return sendInvalid(res, `Ask for a page from 1 to ${MAX_PAGE}.`, "page")
      sendJson(res, 200, await searchEntries(db, term.data, page.data, PAGE_SIZE))
    },
    /** GET /api/admin/people/:address: everything held about an address (owner, legal); every export is in the audit log, a fruitless one too. */
    async exportPerson(req, res) {
      const address = pathAddress(req)
      if (!address) return sendJson(res, 400, { error: NO_ADDRESS })
      const at = now()
      const record = await personRecord(db, address)
      const subjectHash = await db.read(async () => addressHash(db, address))
      await recordAudit(db, {
        action: "export",
        ...res.locals.by,
        at,
        subjectHash,
        detail: record ? null : "nothing held",
      })
      if (!record) return sendJson(res, 404, { error: "Nothing is held about this address." })
      sendJson(res, 200, personExport(address, record, at), {
        "Content-Disposition": 'attachment; filename="personal-data.json"',
      })
    },
    /**
     * DELETE /api/admin/people/:address: erases the entry of the address
     * (owner, legal), recorded in the audit log. No body: asking for the
     * address again is the page's part (a body on DELETE has no defined
     * meaning, and proxies drop it), so one sent is not read.
     */
    async erase(req, res) {
      const address = pathAddress(req)
      if (!address) return sendJson(res, 400, { error: NO_ADDRESS })
      const erased = await erasePerson(db, address, res.locals.by.actor, res.locals.by.ip, now(), mailFolder)
      sendJson(
        res,
        erased === 0 ? 404 : 200,
        erased === 0 ? { error: "No entry has this address: there is nothing to erase." } : { erased: true },
      )
    },
  }
}
