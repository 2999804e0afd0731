import crypto from "crypto"
import fs from "fs"
import path from "path"

/** Script types a browser runs; any other (application/ld+json, for one) is data and needs no hash. */
const RUNNABLE_TYPES = new Set(["", "module", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript"])

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

function htmlPages(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    // _gatsby/ holds the slices Gatsby stitches into the pages, never served as pages themselves.
    if (entry.isDirectory()) return entry.name === "_gatsby" ? [] : htmlPages(full)
    return entry.name.endsWith(".html") ? [full] : []
  })
}

/**
 * The hashes of every inline script of every page of a built site, each
 * once, sorted: what the Content-Security-Policy's `script-src` must list.
 * @param publicDir the folder `gatsby build` fills
 */
export function collectInlineScriptHashes(publicDir: string): string[] {
  const hashes = new Set(htmlPages(publicDir).flatMap((page) => inlineScriptHashes(fs.readFileSync(page, "utf8"))))
  return [...hashes].sort()
}
