/** GET /api/admin/audit?page=&address=: the audit log newest first, or the lines about one address and its mailbox in any spelling (owner, legal). */
import type { RequestHandler } from "express"
import { z } from "zod"
import { subjectHashesOf } from "../addresses/address-hash"
import { auditLog } from "../audit/audit-log"
import type { Db } from "../db/db"
import { queryParam, sendInvalid, sendJson } from "../http/answers"
import { lookupAddressOf } from "../addresses/lookup-address"
import { pageParam } from "./admin-body"
import { MAX_PAGE, PAGE_SIZE } from "./admin-limits"

/** The address whose lines are asked for: none (every line) when absent or blank. */
const subject = z
  .string()
  .optional()
  .transform((typed, context) => {
    if (typed === undefined || typed.trim() === "") return null
    const address = lookupAddressOf(typed)
    if (address === undefined) {
      context.addIssue({ code: "custom", message: "not an address" })
      return z.NEVER
    }
    return address
  })

export function auditRoute({ db }: { db: Db }): RequestHandler {
  return async (req, res) => {
    const page = pageParam.safeParse(queryParam(req, "page"))
    if (!page.success) return sendInvalid(res, `Ask for a page from 1 to ${MAX_PAGE}.`, "page")
    const address = subject.safeParse(queryParam(req, "address"))
    if (!address.success)
      return sendInvalid(res, "Give an address of at most 254 characters of visible text.", "address")
    const hashes = address.data === null ? null : await db.read(async () => subjectHashesOf(db, address.data ?? ""))
    sendJson(res, 200, await auditLog(db, page.data, PAGE_SIZE, hashes))
  }
}
