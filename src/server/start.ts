/**
 * Starts the production server on the last build: `npm start` (after
 * `gatsby build`) or `npm run serve`. PORT (default 9000) and HOST (default
 * localhost) choose where it listens.
 */
import path from "path"
import { describeWaitlistStore } from "../waitlist/open-waitlist-store"
import { createSiteServer } from "./site-server"

const root = path.resolve(__dirname, "..", "..")
const port = Number(process.env.PORT || 9000)
const host = process.env.HOST || "localhost"

const server = createSiteServer({ root })
server.listen(port, host, () => {
  console.log(`Storyling is served at http://${host}:${port} (waitlist: ${describeWaitlistStore()})`)
})

const stop = () => server.close(() => process.exit(0))
process.once("SIGINT", stop)
process.once("SIGTERM", stop)
