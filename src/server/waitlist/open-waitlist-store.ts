import type { Logger } from "../observability/logger"
import type { StoreSettings } from "../settings"
import { WaitlistDatabase } from "../store/waitlist-database"
import type { WaitlistStore } from "./waitlist-store"

/**
 * Opens the store the settings select: PostgreSQL when DATABASE_URL is
 * set, else the SQLite file at WAITLIST_DB_PATH (default .data/waitlist.sqlite);
 * `log` hears of a PostgreSQL connection lost while idle.
 * @throws StoreUnavailableError when the SQLite file cannot be opened.
 */
export const openWaitlistStore = (store: StoreSettings, log?: Logger): WaitlistStore => new WaitlistDatabase(store, log)
