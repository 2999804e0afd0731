import type { ReceivedMail } from "./smtp-test-server"

/** The link of a mail's plain text that opens this route, on the server under test (the mail names the public site). */
export function linkIn(mail: ReceivedMail, route: string, site: { url: string }): string {
  const found = (mail.parsed.text ?? "").match(new RegExp(`https?://\\S+${route}\\?\\S+`))?.[0]
  if (!found) throw new Error(`no ${route} link in:\n${mail.parsed.text}`)
  const url = new URL(found)
  return `${site.url}${url.pathname}${url.search}`
}

/** Opens a link without following its redirect, as a browser's first step (or a mail scanner) does. */
export async function open(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { redirect: "manual", ...init })
  await response.text()
  return {
    status: response.status,
    location: response.headers.get("location"),
    cookie: response.headers.get("set-cookie"),
  }
}

/** The name=value pair of a Set-Cookie header, as a browser sends it back. */
export const cookiePair = (setCookie: string | null) => (setCookie ?? "").split(";")[0] ?? ""
