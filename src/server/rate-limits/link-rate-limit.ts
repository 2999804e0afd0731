/**
 * The limit on the routes a personal link opens (`/r/<code>`, the place
 * page's data and its question of the store): `limit` requests a minute
 * from one client (0: none), counted in the store as the form's are, so
 * that codes and signatures cannot be tried at speed.
 */
import type { Response } from "express"
import type { Db } from "../db/db"
import type { Logger } from "../observability/logger"
import { countSubmission, RATE_WINDOW_MS } from "./client-rate-limit"

/** Counts a request against its client's limit: the seconds to wait when past it, else null. */
export type LinkRateLimit = (res: Response) => Promise<number | null>

/** The limit of `limit` requests a minute per client, shared by every route that takes it. */
export function linkRateLimit({
  db,
  log,
  now,
  limit,
}: {
  db: Db
  log: Logger
  now: () => Date
  limit: number
}): LinkRateLimit {
  return (res) =>
    db
      .write((trx) =>
        countSubmission(db, trx, { client: `links:${res.locals.client.key}`, limit, windowMs: RATE_WINDOW_MS }, now()),
      )
      .catch((error: unknown) => {
        // A store that cannot count cannot answer the request either: its own read says so.
        log.warn(
          { reqId: res.locals.requestId, cause: String(error) },
          "referrals: a personal link could not be counted",
        )
        return null
      })
}
