/**
 * The counting of store clicks (each time `/get` sends a browser to a
 * store), by the page views' rule, written as the page views' counts are.
 * A click keeps nothing of the visitor but a keyed hash of its client for
 * the day not yet over. Memory, a day's values and their combinations, the
 * clients a day counts and one client's clicks are bounded (see the caps).
 */
import type { IncomingMessage } from "http"
import { Counter, type Registry } from "prom-client"
import type { Db } from "../db/db"
import { clientKey } from "../http/client-address"
import type { Logger } from "../observability/logger"
import { METRIC_PREFIX } from "../observability/metrics"
import { DailyCaps } from "./daily-caps"
import { OneWriteAtATime } from "./one-write-at-a-time"
import { isCountedBrowser } from "./page-view"
import {
  clickCombination,
  forgetClickClients,
  knownClickValues,
  recordStoreClicks,
  type ClientClicks,
  type KnownClickValues,
  type StoreClickCount,
} from "./store-click-queries"
import type { Source } from "../../admin-api/visit-stats"
import { INTERNAL, OTHER, sourceOf, type Origin } from "./traffic-source"
import { addDays, dayOf } from "./visit-day"

/** The two stores `/get` sends a browser to. */
export type Store = "apple" | "google"
/** What a User-Agent says the device is: an iPhone, iPad or iPod (ios), an Android device, or anything else (desktop). */
export type Platform = "ios" | "android" | "desktop"

/** One click: where it went, from what device, and the origin of the request (its campaign and referrer). */
export type StoreClick = { store: Store; platform: Platform; origin: Origin }

/** The most combinations of a click's client and dimensions that wait for a write; past them a click is not counted. */
export const MAX_PENDING_CLICKS = 10_000
/** The most clicks one client (an address, an IPv6 /64) counts for in a day: a household's phones, not a script's thousands. */
export const CLICKS_PER_CLIENT = 20
/** The most clients whose clicks this instance remembers between writes, to turn the excess away early (the store decides anyway). */
const CLIENTS_REMEMBERED = 10_000

/**
 * The source a click counts under: its campaign's utm_source, else its
 * referrer's host, else DIRECT; a click made from a page of the site
 * without campaign parameters counts under INTERNAL, as a sign-up does.
 */
export const clickSource = (origin: Origin): Source =>
  sourceOf(origin) ?? { source: INTERNAL, medium: origin.utmMedium, campaign: origin.utmCampaign }

/** A click waiting for the write: its row, and its client's key. */
type PendingClick = { row: StoreClickCount; client: string }

/** Counts store clicks (see the module's header). */
export class StoreClickCounter {
  private pendingClicks = new Map<string, PendingClick>()
  private readonly caps = new Map<string, DailyCaps>()
  /** The clicks each client of a day counts for as far as this instance knows (by `day\nclient`). */
  private readonly clients = new Map<string, number>()
  private dropped = 0
  private readonly writes = new OneWriteAtATime(() => this.write())
  private readonly now: () => Date
  private readonly counted: Counter<"store" | "platform">

  constructor(
    private readonly options: {
      db: Db
      log: Logger
      metrics: Registry
      /** Count the last X-Forwarded-For address instead of the socket's (WAITLIST_TRUST_PROXY). */
      trustProxy?: boolean
      now?: () => Date
    },
  ) {
    this.now = options.now ?? (() => new Date())
    this.counted = new Counter({
      name: `${METRIC_PREFIX}store_clicks_total`,
      help: "Browsers /get sent to a store and counted, by store and platform (bots, prefetches and browsers asking not to be tracked are sent but not counted).",
      labelNames: ["store", "platform"],
      registers: [options.metrics],
    })
  }

  /** Counts a click, if its request is a counted browser's GET (see isCountedBrowser) and its client has room left. */
  count(req: IncomingMessage, { store, platform, origin }: StoreClick): void {
    if (req.method !== "GET" || !isCountedBrowser(req.headers)) return
    const day = dayOf(this.now())
    const forwarded = req.headers["x-forwarded-for"]
    const client = clientKey(
      Array.isArray(forwarded) ? forwarded[0] : forwarded,
      req.socket?.remoteAddress,
      this.options.trustProxy ?? false,
    )
    const ofClient = `${day}\n${client}`
    const clicks = this.clients.get(ofClient) ?? 0
    if (clicks >= CLICKS_PER_CLIENT) return
    const row = this.capped({ day, store, platform, ...clickSource(origin), clicks: 1 })
    const key = `${ofClient}\n${clickCombination(row)}`
    const same = this.pendingClicks.get(key)
    if (same) same.row.clicks += 1
    else if (this.pendingClicks.size < MAX_PENDING_CLICKS) this.pendingClicks.set(key, { row, client })
    else return void (this.dropped += 1)
    if (this.clients.size >= CLIENTS_REMEMBERED && !this.clients.has(ofClient)) this.clients.clear()
    this.clients.set(ofClient, clicks + 1)
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
      if (!this.caps.has(today)) await forgetClickClients(db, today)
      for (const day of this.caps.keys()) if (day < addDays(today, -1)) this.caps.delete(day)
      for (const key of this.clients.keys())
        if (key.slice(0, key.indexOf("\n")) < addDays(today, -1)) this.clients.delete(key)
      for (const day of new Set([today, ...[...clicks.values()].map((click) => click.row.day)])) {
        if (!this.caps.has(day)) this.caps.set(day, capsOf(await knownClickValues(db, day)))
      }
      const hashed = new Map<string, string>()
      const hashOf = (day: string, client: string) => {
        const key = `${day}\n${client}`
        let hash = hashed.get(key)
        if (hash === undefined) hashed.set(key, (hash = db.keyedHash(`store-click-client\n${key}`)))
        return hash
      }
      await recordStoreClicks(
        db,
        [...new Set([...clicks.values()].map(({ row, client }) => `${row.day}\n${client}`))].map((key) => {
          const [day = "", client = ""] = key.split("\n")
          return { day, client: hashOf(day, client) }
        }),
        (counted) => this.admitted(clicks, counted, hashOf),
      )
    } catch (error) {
      const lost = [...clicks.values()].reduce((sum, click) => sum + click.row.clicks, 0)
      this.options.log.error(
        { storeClicks: lost, cause: (error as Error).message },
        "visits: store clicks are lost: the store could not be written",
      )
    }
  }

  /**
   * The batch's clicks that count, given what the store says each client
   * counted already that day (`counted`, by `day\nhash`): each client's up
   * to CLICKS_PER_CLIENT, a client new to its day only while the day has
   * room for one (see DailyCaps), with each day's caps applied and the
   * combinations that became one summed.
   */
  private admitted(
    clicks: Map<string, PendingClick>,
    counted: Map<string, number>,
    hashOf: (day: string, client: string) => string,
  ): { counts: StoreClickCount[]; clients: ClientClicks[] } {
    const rows = new Map<string, StoreClickCount>()
    const clients = new Map<string, ClientClicks>()
    for (const { row, client } of clicks.values()) {
      const hash = hashOf(row.day, client)
      const ofClient = `${row.day}\n${hash}`
      const before = counted.get(ofClient)
      let mine = clients.get(ofClient)
      if (!mine) {
        if (before === undefined && !this.caps.get(row.day)?.admitVisitor()) continue
        mine = { day: row.day, client: hash, clicks: 0 }
        clients.set(ofClient, mine)
      }
      const room = CLICKS_PER_CLIENT - (before ?? 0) - mine.clicks
      const admitted = Math.min(room, row.clicks)
      if (admitted <= 0) continue
      mine.clicks += admitted
      this.clients.set(`${row.day}\n${client}`, (before ?? 0) + mine.clicks)
      const capped = this.capped({ ...row, clicks: admitted })
      const key = `${capped.day}\n${clickCombination(capped)}`
      const same = rows.get(key)
      if (same) same.clicks += capped.clicks
      else rows.set(key, capped)
    }
    return { counts: [...rows.values()], clients: [...clients.values()].filter((one) => one.clicks > 0) }
  }

  /** A click's source, medium and campaign as its day counts them, once the day's caps are known: past a cap OTHER, and a new combination past the day's room with all three OTHER. */
  private capped(row: StoreClickCount): StoreClickCount {
    const caps = this.caps.get(row.day)
    if (!caps) return row
    const valued = {
      ...row,
      source: caps.admit("utmSource", row.source),
      medium: caps.admit("utmMedium", row.medium),
      campaign: caps.admit("utmCampaign", row.campaign),
    }
    if (caps.admitCombinationKey(clickCombination(valued))) return valued
    const collapsed = { ...valued, source: OTHER, medium: OTHER, campaign: OTHER }
    caps.admitCombinationKey(clickCombination(collapsed))
    return collapsed
  }
}

/** The caps of a day whose counts already hold these values (see DailyCaps: a source counts under the cap of utm sources; a client as a visitor of the day). */
const capsOf = (known: KnownClickValues) =>
  new DailyCaps({
    page: [],
    referrer: [],
    utmSource: known.source,
    utmMedium: known.medium,
    utmCampaign: known.campaign,
    combinations: known.combinations,
    visitors: known.clients,
  })
