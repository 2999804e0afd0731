import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { REQUEST_ID_HEADER, requestIdOf } from "../observability/request-id"
import { functionsRuntime } from "../waitlist/waitlist-context"
import { apiRoutes, type ApiRouteName } from "./api-routes"
import { sendWebResponse, standardRequest } from "./node-adapter"

/**
 * The Gatsby Function (https://www.gatsbyjs.com/docs/reference/functions/)
 * of one route of the API, for `gatsby develop`: Gatsby reads the raw body
 * up to the Function's own limit, and the route's Web-standard handler
 * answers, as on the production server.
 */
export function gatsbyFunction(name: ApiRouteName) {
  return async (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) => {
    const route = apiRoutes(functionsRuntime().context).get(name)
    if (!route) return void res.writeHead(404).end()
    const request = standardRequest(req, Buffer.isBuffer(req.body) ? req.body : undefined)
    const requestId = requestIdOf(req.headers[REQUEST_ID_HEADER])
    res.setHeader("X-Request-Id", requestId)
    await sendWebResponse(res, await route.handle(request, { remoteAddress: req.socket.remoteAddress, requestId }))
  }
}
