import type { ReactNode } from "react"
import { renderToPipeableStream } from "react-dom/server"
import { Writable } from "stream"

/**
 * Renders a page's body to HTML as Gatsby's own renderer does
 * (gatsby/cache-dir/static-entry.js, Gatsby 5.16): the whole tree, written
 * out once every suspension has resolved. For gatsby-ssr's replaceRenderer,
 * which must hand Gatsby the body's HTML itself.
 */
export function renderBody(body: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(Buffer.from(chunk))
        done()
      },
      final(done) {
        // Joined before decoding: a chunk may end inside a character of several bytes.
        resolve(Buffer.concat(chunks).toString("utf8"))
        done()
      },
    })
    sink.once("error", reject)
    const { pipe } = renderToPipeableStream(body, { onAllReady: () => pipe(sink), onError: reject })
  })
}
