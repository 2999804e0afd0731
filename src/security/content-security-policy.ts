/**
 * The site's Content-Security-Policy: everything from our own origin only;
 * scripts from our origin or, when inline, only those whose SHA-256 the build
 * recorded (never 'unsafe-inline'); inline styles allowed, because Theme UI
 * and emotion write their CSS into <style> elements and style attributes;
 * images also as data: URIs (gatsby-plugin-image's blurred placeholders);
 * no plugins, no framing, no foreign <base> or form targets.
 * @param scriptHashes the inline scripts' hashes, as "sha256-BASE64"
 */
export function contentSecurityPolicy(scriptHashes: readonly string[]): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...scriptHashes.map((hash) => `'${hash}'`)],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["manifest-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ]
  return directives.map((directive) => directive.join(" ")).join("; ")
}
