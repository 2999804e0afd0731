import crypto from "crypto"

/** Script types a browser runs; any other (application/ld+json, for one) is data and needs no hash. */
const RUNNABLE_TYPES = new Set([
  "",
  "module",
  "text/javascript",
  "application/javascript",
  "text/ecmascript",
  "application/ecmascript",
])

/** An element's text ends at the first `</script`, as the HTML parser reads it. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const TYPE = /\btype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i
const SRC = /\bsrc\s*=/i

/** The CSP source of a script's text: "sha256-" and the base64 of the SHA-256 of its UTF-8 bytes. */
export function scriptHash(text: string): string {
  return `sha256-${crypto.createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64")}`
}

/**
 * The hashes of the inline scripts of an HTML document that a browser would
 * run: every <script> without a `src` whose type is JavaScript or a module.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT)) {
    if (SRC.test(attributes)) continue
    const match = TYPE.exec(attributes)
    const type = (match?.[1] ?? match?.[2] ?? match?.[3] ?? "").trim().toLowerCase()
    if (RUNNABLE_TYPES.has(type)) hashes.push(scriptHash(text))
  }
  return hashes
}
