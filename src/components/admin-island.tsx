import { graphql, useStaticQuery } from "gatsby"
import { AdminApp, type AdminPageName } from "../admin/admin-app"
import { ADMIN_ISLAND_ID } from "./ready-marks"
import { islandSource } from "./island-source"

/**
 * A page of the admin: rendered at build time in its first state (its
 * frame, "Loading…"), and hydrated in the browser by the admin's own
 * island, whose script only the pages under /admin load (see
 * src/islands/admin.client.tsx). Under `gatsby develop` there is no
 * island and the page hydrates with Gatsby's runtime.
 */
export function AdminIsland({ page }: { page: AdminPageName }) {
  const data = useStaticQuery<Queries.AdminIslandQuery>(graphql`
    query AdminIsland {
      island(name: { eq: "admin" }) {
        src
      }
    }
  `)
  const src = data?.island?.src
  return (
    <div id={ADMIN_ISLAND_ID} {...islandSource(src)} data-page={page}>
      <AdminApp page={page} />
    </div>
  )
}
