/**
 * The tag that loads an island: a module (so it runs after the HTML is
 * parsed, and its chunks load as modules), async, and at low priority, so
 * that on a slow network the text, styles and images come first.
 */
export function IslandScript({ src }: { src: string }) {
  return <script type="module" async src={src} {...{ fetchpriority: "low" }} />
}
