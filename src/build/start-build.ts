/**
 * What `npm start` builds before it serves (scripts/build-if-stale.ts):
 * the pages made for the address the server will serve at, so that what
 * they give as their own address (`/get`'s QR code) is where they are.
 */
import { readSettings } from "../server/settings"
import { reasonToBuild } from "./build-state"

/** The address the server will serve at, why it needs a build (null: none), and how to run `gatsby build`. */
export type StartBuild = { siteUrl: string; reason: string | null; args: string[]; env: Record<string, string> }

/**
 * What `npm start` builds: for SITE_URL, or without it for the local
 * address the server serves at and its mails link to (see readSettings).
 * On a terminal Gatsby draws its live progress; elsewhere (a log file, a
 * pipe) it writes plain lines, one a step, without colors or cursor
 * moves: Gatsby's switches for that are CI (its line logger instead of
 * the terminal's) and --no-color.
 * @param env the settings' variables: the shell's over those of .env
 * @param terminal whether the build's output goes to a terminal
 * @throws SettingsError as the server would refuse to start
 */
export function startBuild(root: string, env: Record<string, string | undefined>, terminal: boolean): StartBuild {
  const siteUrl = readSettings(env).mail.siteUrl
  return {
    siteUrl,
    reason: reasonToBuild(root, siteUrl),
    args: terminal ? ["build"] : ["build", "--no-color"],
    env: terminal ? { SITE_URL: siteUrl } : { SITE_URL: siteUrl, CI: "1" },
  }
}
