/**
 * A wave of an announcement: the readers a send is narrowed to, by their
 * place in line (the first N), their mail's language, the platform of
 * their sign-up and a reward's tier they earned (early access), so a
 * launch opens to the list a part at a time. Plain
 * code alone, shared by the server and the admin (which shows a wave in
 * words); the schema of the API and the CLI is in
 * src/server/announcements/wave-schema.ts.
 */

/** The platforms a wave may be narrowed to, read from a sign-up's metadata. */
export const PLATFORMS = ["ios", "android", "desktop"] as const
export type Platform = (typeof PLATFORMS)[number]

/** What narrows a send; every part optional (none: every confirmed entry). `rewarded` names a tier of the rewards. */
export type Wave = { first: number | null; lang: string | null; platform: Platform | null; rewarded: string | null }

/** Every confirmed entry: a send that is no narrower wave. */
export const WHOLE_LIST: Wave = { first: null, lang: null, platform: null, rewarded: null }

/** Whether a wave narrows nothing. */
export const isWholeList = ({ first, lang, platform, rewarded }: Wave): boolean =>
  first === null && lang === null && platform === null && rewarded === null

/**
 * The platform a sign-up came from, by its browser's User-Agent and
 * platform: iOS (an iPhone, iPad or iPod), Android, or else a desktop.
 * The texts are bounded by the submission's schema already.
 */
export function platformOf(metadata: Record<string, unknown>): Platform {
  const userAgent = typeof metadata.userAgent === "string" ? metadata.userAgent : ""
  const platform = typeof metadata.platform === "string" ? metadata.platform : ""
  if (/iPhone|iPad|iPod/.test(userAgent) || /^(?:iPhone|iPad|iPod)/.test(platform)) return "ios"
  if (/Android/.test(userAgent) || /Android/.test(platform)) return "android"
  return "desktop"
}

/** A wave in words: "the first 1000 in line, in es, on android, who earned early-access", "those who earned premium", or "every confirmed entry". */
export function waveText({ first, lang, platform, rewarded = null }: Wave): string {
  const parts = [
    first === null ? null : `the first ${first} in line`,
    lang === null ? null : `in ${lang}`,
    platform === null ? null : `on ${platform}`,
    rewarded === null ? null : `who earned ${rewarded}`,
  ].filter(Boolean)
  // "those who earned premium" alone; "the first 1000 in line, who earned premium" after another part.
  if (parts.length === 1 && rewarded !== null) return `those who earned ${rewarded}`
  return parts.length === 0 ? "every confirmed entry" : parts.join(", ")
}
