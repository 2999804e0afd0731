import { siteFacts, type SiteFacts } from "../config/site-facts"
import { useLanguage } from "../i18n/language-context"
import { plannedLaunches } from "../launch/launch-dates"

/**
 * What a person on the list can expect once they are on it, in the page's
 * language: the mails they will get while they wait, and the day the app
 * is planned to reach each store when the site's facts hold one still to
 * come on `now` (the build's day, for a built page); with none, no day is
 * named. The confirmation page shows it, and so can the place page.
 */
export function WhatComesNext({
  facts = siteFacts,
  now = new Date(),
}: {
  facts?: Pick<SiteFacts, "launchDates">
  now?: Date
}) {
  const { lang, t } = useLanguage()
  return (
    <section aria-labelledby="what-comes-next" sx={{ mt: 7 }}>
      <h2 id="what-comes-next" sx={{ variant: "text.heading", fontSize: 5, m: 0 }}>
        {t("next.title")}
      </h2>
      <p sx={{ mt: 3 }}>{t("next.mails")}</p>
      {plannedLaunches(facts, lang, now).map(({ store, name, day }) => (
        <p key={store} sx={{ mt: 3 }}>
          {t("next.launch", { store: name, date: day })}
        </p>
      ))}
    </section>
  )
}
