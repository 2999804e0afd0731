/**
 * @jest-environment node
 */
import { inlineScriptHashes, scriptHash } from "../inline-script-hashes"

describe("scriptHash", () => {
  it("gives the hash the CSP specification gives for its example script", () => {
    expect(scriptHash("alert('Hello, world.');")).toBe("sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=")
  })

  it("hashes CR LF line ends as the LF the HTML parser turns them into", () => {
    expect(scriptHash("a();\r\nb();")).toBe(scriptHash("a();\nb();"))
  })
})

describe("inlineScriptHashes", () => {
  it("hashes inline classic and module scripts exactly as written, whitespace included", () => {
    const html = `<script>\n  window.a=1;\n</script><script type="module">import "./x.js"</script><script type='text/javascript'>b()</script>`
    expect(inlineScriptHashes(html)).toEqual([
      scriptHash("\n  window.a=1;\n"),
      scriptHash('import "./x.js"'),
      scriptHash("b()"),
    ])
  })

  it("leaves out scripts loaded from a file and data such as JSON-LD", () => {
    const html = `<script src="/app-1234abcd.js" async></script><script type="application/ld+json">{"@type":"Thing"}</script><script type="application/json">{}</script>`
    expect(inlineScriptHashes(html)).toEqual([])
  })

  it("ends a script at the first </script>, as a browser does", () => {
    expect(inlineScriptHashes(`<script>a()</script >b()</script>`)).toEqual([scriptHash("a()")])
  })
})
