/**
 * The environment of the running process. Gatsby's webpack build of a
 * Function replaces `process.env` with the values of the build machine (and
 * would bake a DATABASE_URL's password into the bundle); reading it through
 * `globalThis` escapes that, so settings are taken when the server starts.
 */
export const runtimeEnv = (): NodeJS.ProcessEnv => globalThis.process.env
