// The shape of the API's store clicks, as the server computes them (types only: nothing of the server reaches the browser).
import type { StoreClickStats } from "../admin-api/visit-stats"
import { DataTable } from "./data-table"

/** The stores and platforms as the table names them. */
const STORE_NAMES: Record<string, string> = { apple: "App Store", google: "Google Play" }
const PLATFORM_NAMES: Record<string, string> = { ios: "iPhone or iPad", android: "Android", desktop: "Desktop" }

/** The browsers `/get` sent to a store, by store, platform and source (the largest). */
export function StoreClicksTable({ clicks, top }: { clicks: StoreClickStats[]; top: number }) {
  return (
    <section aria-labelledby="store-clicks">
      <h3 id="store-clicks" sx={{ variant: "text.heading", fontSize: 4 }}>
        Sent to a store
      </h3>
      <p sx={{ variant: "text.small", maxWidth: "prose" }}>
        Each time <code>/get</code> or a store button sent a browser to the App Store or Google Play. A click made from
        a page of the site counts under the campaign of that page, else under (internal).
      </p>
      <DataTable
        caption={`Store clicks by store, platform and source (the ${top} largest)`}
        captionHidden
        columns={["Store", "Platform", "Source", "Medium", "Campaign", "Clicks"]}
        rows={clicks
          .slice(0, top)
          .map((click) => [
            STORE_NAMES[click.store] ?? click.store,
            PLATFORM_NAMES[click.platform] ?? click.platform,
            <bdi key="source">{click.source}</bdi>,
            <bdi key="medium">{click.medium}</bdi>,
            <bdi key="campaign">{click.campaign}</bdi>,
            click.clicks,
          ])}
      />
    </section>
  )
}
