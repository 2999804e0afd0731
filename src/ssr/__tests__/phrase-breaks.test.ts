/**
 * @jest-environment node
 */
import { parseHtml } from "../../../test/support/built-pages"
import { withPhraseBreaks } from "../phrase-breaks"
import { NO_PHRASE_BREAKS_ATTRIBUTE, PHRASES_CLASS } from "../phrase-marks"

const SUBTEXT = "どの物語も、知っている単語に新しい語彙を織り交ぜています。"
const body = (html: string) => parseHtml(`<!doctype html><html><body>${html}</body></html>`).body

describe("phrase breaks in a built page's body", () => {
  it("marks each phrase's end in Japanese text with <wbr>, the paragraph with the phrases class, and leaves the text as it was", () => {
    const result = body(withPhraseBreaks(`<div id="___gatsby"><p class="css-1">${SUBTEXT}</p></div>`, "ja"))
    const paragraph = result.querySelector("p")
    expect(paragraph?.className).toBe(`css-1 ${PHRASES_CLASS}`)
    expect(paragraph?.querySelectorAll("wbr").length).toBeGreaterThanOrEqual(4)
    expect(paragraph?.textContent).toBe(SUBTEXT)
    // Every break falls between two phrases, and after the comma as the model reads it.
    expect(paragraph?.innerHTML).toContain("どの<wbr>物語も、<wbr>")
  })

  it("reads a paragraph across its inline elements, as one sentence", () => {
    const result = body(withPhraseBreaks(`<h1>新しい言語を、<mark class="x">物語ひとつずつ</mark>。</h1>`, "ja"))
    expect(result.querySelector("h1")?.classList.contains(PHRASES_CLASS)).toBe(true)
    expect(result.querySelector("h1")?.textContent).toBe("新しい言語を、物語ひとつずつ。")
    expect(result.querySelector("mark")?.outerHTML).toMatch(/^<mark class="x"><wbr>物語/)
  })

  it("leaves scripts, styles, form controls and what carries the no-phrase-breaks attribute as they are", () => {
    const untouched = [
      `<script type="application/json" id="texts">{"form.name":"お名前を入力してください","x":"a<b&c"}</script>`,
      `<script>var a = 1 < 2 && "</p>";</script>`,
      `<style>.a::after{content:"新しい言語を学ぼう"}</style>`,
      `<button type="submit" disabled="">メールアドレスを確認する</button>`,
      `<textarea name="message">新しい言語を学ぼう</textarea>`,
      `<div id="island" ${NO_PHRASE_BREAKS_ATTRIBUTE}=""><label for="name">お名前を入力してください</label><p>メッセージを送信できませんでした。</p></div>`,
    ]
    const result = withPhraseBreaks(untouched.join(""), "ja")
    expect(result).not.toContain("<wbr>")
    expect(body(result).querySelector("script")?.textContent).toBe(
      `{"form.name":"お名前を入力してください","x":"a<b&c"}`,
    )
    expect(body(result).querySelectorAll("script")[1]?.textContent).toBe(`var a = 1 < 2 && "</p>";`)
    expect(body(result).querySelector("#island p")?.className).toBe("")
  })

  it("keeps escaped text escaped", () => {
    const result = withPhraseBreaks("<p>新しい言語を学ぼう &amp; &lt;b&gt;続けよう&lt;/b&gt;</p>", "ja")
    expect(result).toContain("&amp; &lt;b&gt;")
    expect(body(result).querySelector("b")).toBeNull()
  })

  it("gives every other language's page back exactly as it came", () => {
    const html = `<p class="css-1">Learn a new language one story at a time.</p><p>${SUBTEXT}</p>`
    for (const lang of ["en", "es", "fr", "de", "pt-br"] as const) expect(withPhraseBreaks(html, lang)).toBe(html)
  })
})
