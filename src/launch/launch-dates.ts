/**
 * The app's planned launch day in each store, as the site's facts hold it
 * (`launchDates`), and the one rule for saying it: a day is named only when
 * the facts hold one and it has not passed, written in the reader's
 * language. With no day, the pages that say what comes next (see
 * WhatComesNext) leave their sentence out and a
 * sequence step that names it cannot be sent (its check says why), so no
 * text ever names a day that is not planned.
 */
import { isRealIsoDate } from "../i18n/format-date"
import type { LaunchStore, SiteFacts } from "../config/site-facts"
import { languageOf } from "../i18n/languages"

/** The stores, in the order texts name them, with their names as the stores write them (never translated). */
export const LAUNCH_STORES: readonly { store: LaunchStore; name: string }[] = [
  { store: "appStore", name: "App Store" },
  { store: "googlePlay", name: "Google Play" },
]

/** Whether a text names a store the site's facts have a launch day for. */
export const isLaunchStore = (value: string): value is LaunchStore => LAUNCH_STORES.some(({ store }) => store === value)

/** What is wrong with the facts' launch days: each must be null or a real day written as YYYY-MM-DD. */
export function launchDateProblems(facts: Pick<SiteFacts, "launchDates">): string[] {
  return LAUNCH_STORES.flatMap(({ store }) => {
    const day = facts.launchDates[store]
    return day === null || isRealIsoDate(day)
      ? []
      : [
          `launchDates.${store} in src/config/site-facts.ts must be null or a real day written as YYYY-MM-DD, not ${JSON.stringify(day)}`,
        ]
  })
}

/** A day (YYYY-MM-DD) as the reader's language writes it in full: "March 3, 2027", "3. März 2027", "2027年3月3日". */
export const launchDayText = (day: string, lang: string): string =>
  new Intl.DateTimeFormat(languageOf(lang).htmlLang, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  )

/** The stores with a planned launch day still to come on `now`, soonest first, each with its day as the reader's language writes it. */
export function plannedLaunches(
  facts: Pick<SiteFacts, "launchDates">,
  lang: string,
  now: Date,
): { store: LaunchStore; name: string; day: string }[] {
  const today = now.toISOString().slice(0, 10)
  return LAUNCH_STORES.flatMap(({ store, name }) => {
    const day = facts.launchDates[store]
    return day !== null && isRealIsoDate(day) && day >= today ? [{ store, name, iso: day }] : []
  })
    .sort((a, b) => a.iso.localeCompare(b.iso))
    .map(({ store, name, iso }) => ({ store, name, day: launchDayText(iso, lang) }))
}
