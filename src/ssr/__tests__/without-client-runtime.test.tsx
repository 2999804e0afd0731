/**
 * @jest-environment node
 */
import { createElement, type ReactNode } from "react"
import type { GatsbySSR } from "gatsby"
import { onPreRenderHTML } from "../../../gatsby-ssr"
import { siteFacts } from "../../config/site-facts"
import { isRuntimeHeadComponent, isRuntimePostBodyComponent } from "../without-client-runtime"

/** What Gatsby 5's static-entry.js puts into a page's head and after its body, runtime and page alike. */
const head = {
  runtime: [
    <link key="1" as="script" rel="preload" href="/app-1234.js" />,
    <link key="2" as="fetch" rel="preload" href="/page-data/index/page-data.json" crossOrigin="anonymous" />,
    <link key="3" rel="prefetch" href="/page-data/app-data.json" />,
  ],
  page: [
    <title key="4">Storyling</title>,
    <link key="5" rel="icon" href="/favicon.svg" />,
    <script key="6" dangerouslySetInnerHTML={{ __html: "record()" }} />,
    "text",
  ],
}
const postBody = {
  runtime: [
    <script key="1" id="gatsby-script-loader" dangerouslySetInnerHTML={{ __html: "window.pagePath='/'" }} />,
    createElement(
      function ServerSliceRenderer() {
        return null
      },
      { key: "2", sliceId: "_gatsby-scripts" },
    ),
    <script key="3" id="gatsby-chunk-mapping" dangerouslySetInnerHTML={{ __html: "window.___chunkMapping={}" }} />,
    <script key="4" src="/framework-5678.js" async />,
  ],
  page: [<script key="5" dangerouslySetInnerHTML={{ __html: "year()" }} />, null],
}

describe("the filters that take Gatsby's client runtime out of a page", () => {
  it("recognise the runtime's preloads in the head and nothing else", () => {
    expect(head.runtime.map(isRuntimeHeadComponent)).toEqual([true, true, true])
    expect(head.page.map(isRuntimeHeadComponent)).toEqual([false, false, false, false])
  })

  it("recognise the runtime's scripts, chunk map and scripts slice after the body, and nothing else", () => {
    expect(postBody.runtime.map(isRuntimePostBodyComponent)).toEqual([true, true, true, true])
    expect(postBody.page.map(isRuntimePostBodyComponent)).toEqual([false, false])
  })
})

describe("gatsby-ssr's onPreRenderHTML", () => {
  const render = () => {
    let headNow: ReactNode[] = [...head.runtime, ...head.page]
    let postBodyNow: ReactNode[] = [...postBody.runtime, ...postBody.page]
    const api = {
      getHeadComponents: () => headNow,
      replaceHeadComponents: (nodes: ReactNode[]) => void (headNow = nodes),
      getPostBodyComponents: () => postBodyNow,
      replacePostBodyComponents: (nodes: ReactNode[]) => void (postBodyNow = nodes),
      pathname: "/",
    }
    ;(onPreRenderHTML as (args: typeof api) => void)(
      api as unknown as Parameters<NonNullable<GatsbySSR["onPreRenderHTML"]>>[0] & typeof api,
    )
    return { head: headNow, postBody: postBodyNow }
  }
  const nodeEnv = process.env.NODE_ENV
  afterEach(() => {
    process.env.NODE_ENV = nodeEnv
    siteFacts.showColorModeToggle = false
  })

  it("leaves a production page only its own components", () => {
    process.env.NODE_ENV = "production"
    expect(render()).toEqual({ head: head.page, postBody: postBody.page })
  })

  it("keeps the runtime while the color-mode toggle is shown, and under gatsby develop", () => {
    process.env.NODE_ENV = "production"
    siteFacts.showColorModeToggle = true
    expect(render().postBody).toHaveLength(postBody.runtime.length + postBody.page.length)
    siteFacts.showColorModeToggle = false
    process.env.NODE_ENV = "development"
    expect(render().head).toHaveLength(head.runtime.length + head.page.length)
  })
})
