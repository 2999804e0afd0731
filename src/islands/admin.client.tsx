/**
 * The browser entry of the admin's island, bundled by
 * src/build/bundle-islands.ts into public/ on its own (no chunk of it is
 * shared with the visitors' pages) and loaded by the pages under /admin
 * alone. It hydrates the admin's page, which then reads the admin's API.
 */
import { hydrateRoot } from "react-dom/client"
import { ThemeUIProvider } from "theme-ui"
import { AdminApp, ADMIN_PAGES, type AdminPageName } from "../admin/admin-app"
import theme from "../gatsby-plugin-theme-ui"
import { ADMIN_ISLAND_ID } from "../components/ready-marks"

const container = document.getElementById(ADMIN_ISLAND_ID)
const page = container?.dataset.page
if (container && page && page in ADMIN_PAGES) {
  hydrateRoot(
    container,
    <ThemeUIProvider theme={theme}>
      <AdminApp page={page as AdminPageName} />
    </ThemeUIProvider>,
  )
}
