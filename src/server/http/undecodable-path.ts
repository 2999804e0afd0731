import type { ErrorRequestHandler, RequestHandler } from "express"

/**
 * Whether an error is Express's refusal of a path parameter it cannot
 * decode (malformed percent-encoding): raised while it matches the path,
 * before any handler of the route runs.
 */
export const isUndecodablePath = (error: unknown): boolean =>
  error instanceof URIError && (error as URIError & { status?: number }).status === 400

/** Answers a path Express cannot decode with `answer`; any other error goes on. */
export const onUndecodablePath =
  (answer: RequestHandler): ErrorRequestHandler =>
  (error: unknown, req, res, next) =>
    isUndecodablePath(error) ? answer(req, res, next) : next(error)
