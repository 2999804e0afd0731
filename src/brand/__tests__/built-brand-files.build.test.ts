/**
 * @jest-environment node
 */
import fs from "fs"
import sharp from "sharp"
import { siteFacts } from "../../config/site-facts"
import theme from "../../gatsby-plugin-theme-ui"
import { builtFilePath } from "../../../test/support/built-pages"
import { ensureProductionBuild } from "../../../test/support/production-build"

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string }
type Manifest = {
  name: string
  short_name: string
  start_url: string
  theme_color: string
  background_color: string
  icons: ManifestIcon[]
}

const readManifest = () => JSON.parse(fs.readFileSync(builtFilePath("/manifest.webmanifest"), "utf8")) as Manifest
const sizeOf = async (servedAt: string) => {
  const { width, height, format } = await sharp(builtFilePath(servedAt)).metadata()
  return { width, height, format }
}

beforeAll(() => ensureProductionBuild(), 10 * 60_000)

describe("the built web app manifest", () => {
  it("names the app and colors it with the theme's dark background", () => {
    const manifest = readManifest()
    expect(manifest.name).toBe(siteFacts.appName)
    expect(manifest.short_name).toBe(siteFacts.appName)
    expect(manifest.start_url).toBe("/")
    expect(manifest.theme_color).toBe(theme.colors?.background)
    expect(manifest.background_color).toBe(theme.colors?.background)
  })

  it("lists PNG icons of 192 and 512 pixels and a maskable one, each a file of exactly its declared size", async () => {
    const { icons } = readManifest()
    expect(icons.map(({ sizes, purpose }) => `${sizes} ${purpose ?? "any"}`).sort()).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ])
    for (const icon of icons) {
      const [width, height] = icon.sizes.split("x").map(Number)
      expect(icon.type).toBe("image/png")
      await expect(sizeOf(icon.src)).resolves.toEqual({ width, height, format: "png" })
    }
  })

  it("fills the whole maskable icon, as a mask may show any of it", async () => {
    const maskable = readManifest().icons.find(({ purpose }) => purpose === "maskable")
    const { data } = await sharp(builtFilePath(maskable?.src ?? ""))
      .raw()
      .toBuffer({ resolveWithObject: true })
    const corner = [...data.subarray(0, 4)]
    expect(corner[3]).toBe(255)
  })
})

describe("the built icons and share image", () => {
  it("has a 1200 × 630 share image", async () => {
    await expect(sizeOf("/share-image.png")).resolves.toEqual({ width: 1200, height: 630, format: "png" })
  })

  it("has a 180 × 180 opaque apple-touch-icon", async () => {
    await expect(sizeOf("/apple-touch-icon.png")).resolves.toEqual({ width: 180, height: 180, format: "png" })
    const { data } = await sharp(builtFilePath("/apple-touch-icon.png")).raw().toBuffer({ resolveWithObject: true })
    expect(data[3]).toBe(255)
  })

  it("has an SVG favicon drawn from the logo, a 32-pixel PNG fallback and a /favicon.ico", async () => {
    const svg = fs.readFileSync(builtFilePath("/favicon.svg"), "utf8")
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
    expect(svg).toContain(theme.colors?.brand as string)
    await expect(sizeOf("/favicon.svg")).resolves.toMatchObject({ format: "svg" })
    await expect(sizeOf("/favicon-32x32.png")).resolves.toEqual({ width: 32, height: 32, format: "png" })
    expect([...fs.readFileSync(builtFilePath("/favicon.ico")).subarray(0, 4)]).toEqual([0, 0, 1, 0])
  })
})
