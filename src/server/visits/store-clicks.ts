/**
 * The counting of store clicks (each time `/get` sends a browser to a
 * store), by the page views' rule, written as the page views' counts are.
 * A click keeps nothing of the visitor, not even a hash; memory and each
 * day's table are bounded.
 */
import type { IncomingMessage } from "http"
import { Counter, type Registry } from "prom-client"
import type { Db } from "../db/db"
import type { Logger } from "../observability/logger"
import { METRIC_PREFIX } from "../observability/metrics"
import { DailyCaps } from "./daily-caps"
import { OneWriteAtATime } from "./one-write-at-a-time"
import { isCountedBrowser } from "./page-view"
import { knownClickValues, recordStoreClicks, type KnownClickValues, type StoreClickCount } from "./store-click-queries"
import type { Source } from "../../admin-api/visit-stats"
import { INTERNAL, sourceOf, type Origin } from "./traffic-source"
import { addDays, dayOf } from "./visit-day"

/** The two stores `/get` sends a browser to. */
export type Store = "apple" | "google"
/** What a User-Agent says the device is: an iPhone, iPad or iPod (ios), an Android device, or anything else (desktop). */
export type Platform = "ios" | "android" | "desktop"

/** One click: where it went, from what device, and the origin of the request (its campaign and referrer). */
export type StoreClick = { store: Store; platform: Platform; origin: Origin }

/** The most combinations of a click's dimensions that wait for a write; past them a click is not counted. */
export const MAX_PENDING_CLICKS = 10_000

/**
 * The source a click counts under: its campaign's utm_source, else its
 * referrer's host, else DIRECT; a click made from a page of the site
 * without campaign parameters counts under INTERNAL, as a sign-up does.
 */
export const clickSource = (origin: Origin): Source =>
  sourceOf(origin) ?? { source: INTERNAL, medium: origin.utmMedium, campaign: origin.utmCampaign }

/** The combination a row of counts stands for: its day and every dimension. */
const keyOf = (row: StoreClickCount) =>
  JSON.stringify([row.day, row.store, row.platform, row.source, row.medium, row.campaign])

/** Counts store clicks (see the module's header). */
export class StoreClickCounter {
  private pendingClicks = new Map<string, StoreClickCount>()
  private readonly caps = new Map<string, DailyCaps>()
  private dropped = 0
  private readonly writes = new OneWriteAtATime(() => this.write())
  private readonly now: () => Date
  private readonly counted: Counter<"store" | "platform">

  constructor(private readonly options: { db: Db; log: Logger; metrics: Registry; now?: () => Date }) {
    this.now = options.now ?? (() => new Date())
    this.counted = new Counter({
      name: `${METRIC_PREFIX}store_clicks_total`,
      help: "Browsers /get sent to a store and counted, by store and platform (bots, prefetches and browsers asking not to be tracked are sent but not counted).",
      labelNames: ["store", "platform"],
      registers: [options.metrics],
    })
  }

  /** Counts a click, if its request is a counted browser's GET (see isCountedBrowser). */
  count(req: IncomingMessage, { store, platform, origin }: StoreClick): void {
    if (req.method !== "GET" || !isCountedBrowser(req.headers)) return
    const day = dayOf(this.now())
    const caps = this.caps.get(day)
    const source = clickSource(origin)
    const row = this.capped({ day, store, platform, ...source, clicks: 1 }, caps)
    const key = keyOf(row)
    const same = this.pendingClicks.get(key)
    if (same) same.clicks += 1
    else if (this.pendingClicks.size < MAX_PENDING_CLICKS) this.pendingClicks.set(key, row)
    else return void (this.dropped += 1)
    this.counted.inc({ store, platform })
  }

  /** How many combinations wait for the next write. */
  pending(): number {
    return this.pendingClicks.size
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
    const [clicks, dropped] = [this.pendingClicks, this.dropped]
    this.pendingClicks = new Map()
    this.dropped = 0
    if (dropped > 0)
      this.options.log.warn(
        { storeClicks: dropped },
        "visits: store clicks not counted: more distinct ones came between two writes than are kept",
      )
    if (clicks.size === 0 && this.caps.has(today)) return
    try {
      const { db } = this.options
      for (const day of this.caps.keys()) if (day < addDays(today, -1)) this.caps.delete(day)
      for (const day of new Set([today, ...[...clicks.values()].map((click) => click.day)])) {
        if (!this.caps.has(day)) this.caps.set(day, capsOf(await knownClickValues(db, day)))
      }
      await recordStoreClicks(db, this.cappedRows(clicks))
    } catch (error) {
      const lost = [...clicks.values()].reduce((sum, click) => sum + click.clicks, 0)
      this.options.log.error(
        { storeClicks: lost, cause: (error as Error).message },
        "visits: store clicks are lost: the store could not be written",
      )
    }
  }

  /** A click's source, medium and campaign as its day counts them, once the day's caps are known. */
  private capped(row: StoreClickCount, caps: DailyCaps | undefined): StoreClickCount {
    if (!caps) return row
    return {
      ...row,
      source: caps.admit("utmSource", row.source),
      medium: caps.admit("utmMedium", row.medium),
      campaign: caps.admit("utmCampaign", row.campaign),
    }
  }

  /** The batch with each day's caps applied, combinations that became one summed. */
  private cappedRows(clicks: Map<string, StoreClickCount>): StoreClickCount[] {
    const rows = new Map<string, StoreClickCount>()
    for (const click of clicks.values()) {
      const row = this.capped(click, this.caps.get(click.day))
      const key = keyOf(row)
      const same = rows.get(key)
      if (same) same.clicks += row.clicks
      else rows.set(key, { ...row })
    }
    return [...rows.values()]
  }
}

/** The caps of a day whose counts already hold these values (see DailyCaps: a source counts under the cap of utm sources). */
const capsOf = (known: KnownClickValues) =>
  new DailyCaps({
    page: [],
    referrer: [],
    utmSource: known.source,
    utmMedium: known.medium,
    utmCampaign: known.campaign,
    combinations: [],
    visitors: 0,
  })
