/**
 * The counting of page views: `observe` is its one hook (see app.ts), a few
 * header checks a request; counts wait in memory, bounded, and are written
 * in one batch every FLUSH_EVERY_MS and at `close`, so no page waits for the
 * store. A visitor is kept only as a keyed hash, and capped per client and
 * per day (DailyCaps): one client is at most VISITORS_PER_CLIENT visitors a day however
 * it varies its User-Agent, so the counts cannot be inflated at will.
 */
import type { IncomingMessage, ServerResponse } from "http"
import type { Registry } from "prom-client"
import type { Db } from "../db/db"
import { clientKey } from "../http/client-address"
import type { Logger } from "../observability/logger"
import { combinationOf, DailyCaps } from "./daily-caps"
import { OneWriteAtATime } from "./one-write-at-a-time"
import { mayBePageView, readPageView, type PageView } from "./page-view"
import { sourceKey, sourceOf, type Origin } from "./traffic-source"
import { addDays, dayOf } from "./visit-day"
import type { ViewCount, VisitorRow } from "./visit-counts"
import { daySalt, knownValues, recordVisits } from "./visit-queries"
import { visitMetrics, type VisitMetrics } from "./visit-metrics"
import { visitorHash } from "./visitor-hash"

/** How often the counts in memory are written. */
export const FLUSH_EVERY_MS = 10_000
/** The most combinations of a page view's dimensions that wait for a write; past them a view is not counted. */
export const MAX_PENDING_VIEWS = 10_000
/** The most visitors that wait for a write; past them a view counts, its visitor does not. */
export const MAX_PENDING_VISITORS = 10_000
/** The most pages, languages and sources one visitor is counted under in a day (what bounds a day's rows). */
const MAX_PAGES_PER_VISITOR = 8
const MAX_LANGUAGES_PER_VISITOR = 3
const MAX_SOURCES_PER_VISITOR = 4
/**
 * The most visitors one client (an address, an IPv6 /64) counts for in a
 * day: a household or an office behind one address has a few people; past
 * them, its other User-Agents are one more visitor, not thousands.
 */
export const VISITORS_PER_CLIENT = 20
/** The User-Agent the visitors of a client past VISITORS_PER_CLIENT share. */
const ANOTHER_BROWSER = ""
/** The page whose visitors are the funnel's second step, in every language. */
export const CONTACT_PAGE = "/contact"

/** What the counter needs. */
export type VisitCounterOptions = {
  db: Db
  /** Count the last X-Forwarded-For address instead of the socket's (WAITLIST_TRUST_PROXY). */
  trustProxy: boolean
  /** The site's own hosts (`storyling.app`): a referrer there is no source. The request's Host is one too. */
  ownHosts: readonly string[]
  log: Logger
  /** The registry the counter's families are added to (see visitMetrics). */
  metrics: Registry
  /** The time now (tests move it). */
  now?: () => Date
}

/** One visitor of a day in the batch: what it is counted under. */
type PendingVisitor = {
  day: string
  client: string
  userAgent: string
  pages: Set<string>
  languages: Set<string>
  origins: Map<string, Origin>
}

const addBounded = <T>(set: Set<T>, value: T, max: number) => set.size < max && set.add(value)

/** Counts page views and visitors (see the module's header). */
export class VisitCounter {
  private views = new Map<string, ViewCount>()
  private visitors = new Map<string, PendingVisitor>()
  private readonly salts = new Map<string, string>()
  private readonly caps = new Map<string, DailyCaps>()
  /** The User-Agents each client of a day is counted as (by `day\nclient`), at most VISITORS_PER_CLIENT each. */
  private readonly browsers = new Map<string, Set<string>>()
  private lost = 0
  private readonly writes = new OneWriteAtATime(() => this.write())
  private scheduled = false
  private readonly now: () => Date
  private readonly metrics: VisitMetrics

  constructor(private readonly options: VisitCounterOptions) {
    this.now = options.now ?? (() => new Date())
    this.metrics = visitMetrics(options.metrics, () => this.pending())
  }

  /**
   * The hook of the request pipeline: looks at a request of a page or a
   * file, and counts its answer once it has gone if it was a page view.
   * @param path the request's path, without its query, as the site's server read it (see pathOf)
   */
  readonly observe = (req: IncomingMessage, res: ServerResponse, path: string): void => {
    if (!mayBePageView(req.method, path, req.headers)) return
    const url = req.url ?? "/"
    res.once("finish", () => {
      try {
        const forwarded = req.headers["x-forwarded-for"]
        const client = clientKey(
          Array.isArray(forwarded) ? forwarded[0] : forwarded,
          req.socket?.remoteAddress,
          this.options.trustProxy,
        )
        const view = readPageView(
          url,
          req.headers,
          res.statusCode,
          String(res.getHeader("content-type") ?? ""),
          client,
          this.options.ownHosts,
        )
        if (view) this.add(view)
      } catch (error) {
        // The error's type only: its message could quote the request.
        this.options.log.error({ cause: (error as Error).name }, "visits: a page view could not be counted")
      }
    })
  }

  /** How many view combinations and visitors wait for the next write. */
  pending(): { views: number; visitors: number } {
    return { views: this.views.size, visitors: this.visitors.size }
  }

  private add(seen: PageView) {
    const day = dayOf(this.now())
    // Once the day's caps are known, values past them are counted as "other" at once, so a flood of distinct ones adds nothing to memory.
    const view = this.caps.has(day)
      ? this.capsOf(day).admitCombination({
          ...seen,
          ...this.cappedOrigin(day, seen),
          page: this.capsOf(day).admit("page", seen.page),
        })
      : seen
    const { page, language, referrer, utmSource, utmMedium, utmCampaign } = view
    const key = `${day}\n${combinationOf(view)}`
    const counted = this.views.get(key)
    if (counted) counted.views += 1
    else if (this.views.size < MAX_PENDING_VIEWS)
      this.views.set(key, { day, page, language, referrer, utmSource, utmMedium, utmCampaign, views: 1 })
    else this.lost += 1
    this.metrics.pageViews(counted || this.views.has(key) ? "counted" : "dropped")

    // A visitor waits in memory by its address and User-Agent until the next write, which keeps only their keyed hash.
    const userAgent = this.browserOf(day, view.client, view.userAgent)
    if (userAgent === null) return
    const identity = `${day}\n${view.client}\n${userAgent}`
    let visitor = this.visitors.get(identity)
    if (!visitor) {
      if (this.visitors.size >= MAX_PENDING_VISITORS) return this.soon()
      visitor = { day, client: view.client, userAgent, pages: new Set(), languages: new Set(), origins: new Map() }
      this.visitors.set(identity, visitor)
    }
    addBounded(visitor.pages, page, MAX_PAGES_PER_VISITOR)
    addBounded(visitor.languages, language, MAX_LANGUAGES_PER_VISITOR)
    const origin = { referrer, internal: view.internal, utmSource, utmMedium, utmCampaign }
    if (visitor.origins.size < MAX_SOURCES_PER_VISITOR) visitor.origins.set(JSON.stringify(origin), origin)
    if (this.views.size >= MAX_PENDING_VIEWS / 2 || this.visitors.size >= MAX_PENDING_VISITORS / 2) this.soon()
  }

  /**
   * The User-Agent a client's visitor is counted by: its own while the
   * client has room for it (VISITORS_PER_CLIENT a day, the last of them
   * kept for the one its other browsers share, and the day room for
   * another visitor: see DailyCaps), else the one its other browsers
   * share; null when the day has no room for that one either.
   */
  private browserOf(day: string, client: string, userAgent: string): string | null {
    const key = `${day}\n${client}`
    let known = this.browsers.get(key)
    if (known?.has(userAgent)) return userAgent
    const own = known ? [...known].filter((agent) => agent !== ANOTHER_BROWSER).length : 0
    const wanted = own >= VISITORS_PER_CLIENT - 1 ? ANOTHER_BROWSER : userAgent
    if (known?.has(wanted)) return wanted
    if (this.caps.has(day) && !this.capsOf(day).admitVisitor()) return null
    if (!known) {
      known = new Set()
      this.browsers.set(key, known)
    }
    known.add(wanted)
    return wanted
  }

  /** Writes soon, without waiting for the timer, unless a write is under way. */
  private soon() {
    if (this.writes.busy || this.scheduled) return
    this.scheduled = true
    setImmediate(() => {
      this.scheduled = false
      void this.flush()
    })
  }

  /** Writes what is counted so far; resolves once written (or lost, logged). Never rejects. */
  flush(): Promise<void> {
    return this.writes.flush()
  }

  /** Writes what is left: what a shutdown awaits, once every answer has gone. */
  close(): Promise<void> {
    return this.flush()
  }

  private async write(): Promise<void> {
    const today = dayOf(this.now())
    const [views, visitors, lost] = [this.views, this.visitors, this.lost]
    this.views = new Map()
    this.visitors = new Map()
    this.lost = 0
    if (lost > 0)
      this.options.log.warn(
        { pageViews: lost },
        "visits: page views not counted: more distinct ones came between two writes than are kept",
      )
    if (views.size === 0 && visitors.size === 0 && this.salts.has(today) && this.caps.has(today)) return
    try {
      const { db } = this.options
      const yesterday = addDays(today, -1)
      for (const day of this.salts.keys()) if (day < yesterday) this.salts.delete(day)
      for (const day of this.caps.keys()) if (day < yesterday) this.caps.delete(day)
      for (const key of this.browsers.keys()) if (key.slice(0, key.indexOf("\n")) < yesterday) this.browsers.delete(key)
      const viewDays = new Set([...views.values()].map((view) => view.day))
      for (const day of new Set([today, ...viewDays]))
        if (!this.salts.has(day)) this.salts.set(day, await daySalt(db, day))
      for (const day of new Set([today, ...viewDays]))
        if (!this.caps.has(day)) this.caps.set(day, new DailyCaps(await knownValues(db, day)))
      await recordVisits(db, this.cappedViews(views), this.visitorRows(visitors))
    } catch (error) {
      const count = [...views.values()].reduce((sum, view) => sum + view.views, 0)
      this.metrics.writeFailed()
      this.metrics.pageViews("lost", count)
      this.options.log.error(
        { pageViews: count, cause: (error as Error).message },
        "visits: the counts of page views are lost: the store could not be written",
      )
    }
  }

  private capsOf(day: string): DailyCaps {
    let caps = this.caps.get(day)
    if (!caps) {
      caps = new DailyCaps({
        page: [],
        referrer: [],
        utmSource: [],
        utmMedium: [],
        utmCampaign: [],
        combinations: [],
        visitors: 0,
      })
      this.caps.set(day, caps)
    }
    return caps
  }

  /** An origin's values as its day counts them (see DailyCaps). */
  private cappedOrigin(day: string, origin: Origin): Origin {
    const caps = this.capsOf(day)
    return {
      referrer: caps.admit("referrer", origin.referrer),
      internal: origin.internal,
      utmSource: caps.admit("utmSource", origin.utmSource),
      utmMedium: caps.admit("utmMedium", origin.utmMedium),
      utmCampaign: caps.admit("utmCampaign", origin.utmCampaign),
    }
  }

  /** The batch's views with each day's caps applied, combinations that became one summed. */
  private cappedViews(views: Map<string, ViewCount>): ViewCount[] {
    const rows = new Map<string, ViewCount>()
    for (const view of views.values()) {
      const capped = this.capsOf(view.day).admitCombination({
        ...view,
        ...this.cappedOrigin(view.day, { ...view, internal: false }),
        page: this.capsOf(view.day).admit("page", view.page),
      })
      const { internal: _, ...row } = capped
      const key = `${row.day}\n${combinationOf(row)}`
      const same = rows.get(key)
      if (same) same.views += row.views
      else rows.set(key, row)
    }
    return [...rows.values()]
  }

  /** The rows of the batch's visitors: hashed with their day's salt, under each dimension once. */
  private visitorRows(visitors: Map<string, PendingVisitor>): VisitorRow[] {
    const rows = new Map<string, VisitorRow>()
    const add = (row: VisitorRow) => rows.set(JSON.stringify(row), row)
    for (const visitor of visitors.values()) {
      const salt = this.salts.get(visitor.day)
      if (salt === undefined) continue
      const { day } = visitor
      const hash = visitorHash(salt, visitor.client, visitor.userAgent)
      add({ day, dimension: "all", value: "", visitor: hash })
      for (const page of visitor.pages)
        add({ day, dimension: "page", value: this.capsOf(day).admit("page", page), visitor: hash })
      if (visitor.pages.has(CONTACT_PAGE)) add({ day, dimension: "contact", value: "", visitor: hash })
      for (const language of visitor.languages) add({ day, dimension: "language", value: language, visitor: hash })
      for (const origin of visitor.origins.values()) {
        const source = sourceOf(this.cappedOrigin(day, origin))
        if (source) add({ day, dimension: "source", value: sourceKey(source), visitor: hash })
      }
    }
    return [...rows.values()]
  }
}
