/**
 * The waitlist's migrations, applied in the order of their names, each
 * once, by Kysely's Migrator (see migrate.ts), which records them in the
 * database's `kysely_migration` table. A change of the schema is a new
 * entry here with the next number; a migration already released is never
 * edited.
 */
import type { Kysely, Migration } from "kysely"
import type { Database } from "../schema"
import type { Connection } from "../connection"
import { baseline } from "./0001-baseline"
import { currentDraftsAndKeys } from "./0002-current-drafts-and-keys"
import { repeatsDiscarded } from "./0003-repeats-discarded"
import { capsOfLeavers } from "./0004-caps-of-leavers"
import { announcementsAndSuppression } from "./0005-announcements-and-suppression"
import { adminAndConsent } from "./0006-admin-and-consent"
import { visitCounts } from "./0007-visit-counts"
import { bouncesInOnePlace } from "./0008-bounces-in-one-place"
import { visitorsCountedAsTheyCome } from "./0009-visitors-counted-as-they-come"
import { storeClicks } from "./0010-store-clicks"
import { referrals } from "./0011-referrals"
import { mailboxProviders } from "./0012-mailbox-providers"
import { sequences } from "./0013-sequences"
import { boundedAndSecretFree } from "./0015-bounded-and-secret-free"
import { placesKept } from "./0016-places-kept"
import { daysWithinTheirCaps } from "./0017-days-within-their-caps"
import { rewardsAndReasons } from "./0018-rewards-and-reasons"
import { lineByArrival } from "./0019-line-by-arrival"
import { lineGaps } from "./0020-line-gaps"

/**
 * The tables a migration deletes most rows of, rewritten compactly once it
 * has run, outside its transaction (Connection's compact): PostgreSQL
 * leaves deleted rows in a table's pages, which every later read of it
 * walks (see docs/benchmarks.md, the dashboard over a million rows).
 */
export const COMPACTED_AFTER: Partial<Record<string, readonly (keyof Database)[]>> = {
  "0017-days-within-their-caps": ["store_clicks", "visit_views"],
}

/** Every migration by name, for the dialect at hand. */
export function waitlistMigrations(dialect: Connection): Record<string, Migration> {
  const on = (up: (db: Kysely<Database>) => Promise<unknown>): Migration => ({
    up: (db) => up(db as Kysely<Database>).then(() => undefined),
  })
  return {
    "0001-baseline": on(baseline(dialect).up),
    "0002-current-drafts-and-keys": on(currentDraftsAndKeys.up),
    "0003-repeats-discarded": on(repeatsDiscarded.up),
    "0004-caps-of-leavers": on(capsOfLeavers(dialect).up),
    "0005-announcements-and-suppression": on(announcementsAndSuppression(dialect).up),
    // Released before 0005, so a database may have it without 0005: neither needs the other (see migrate.ts).
    "0006-admin-and-consent": on(adminAndConsent(dialect).up),
    "0007-visit-counts": on(visitCounts(dialect).up),
    "0008-bounces-in-one-place": on(bouncesInOnePlace.up),
    "0009-visitors-counted-as-they-come": on(visitorsCountedAsTheyCome.up),
    "0010-store-clicks": on(storeClicks(dialect).up),
    "0011-referrals": on(referrals(dialect).up),
    "0012-mailbox-providers": on(mailboxProviders.up),
    "0013-sequences": on(sequences(dialect).up),
    "0015-bounded-and-secret-free": on(boundedAndSecretFree(dialect).up),
    "0016-places-kept": on(placesKept(dialect).up),
    "0017-days-within-their-caps": on(daysWithinTheirCaps.up),
    "0018-rewards-and-reasons": on(rewardsAndReasons(dialect).up),
    "0019-line-by-arrival": on(lineByArrival.up),
    "0020-line-gaps": on(lineGaps.up),
  }
}
