import fs from "fs"
import path from "path"
import sharp from "sharp"

const FORMATS = ["avif", "webp", "png"] as const

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : [full]
  })

/**
 * Writes the limit page: the landing's content as hand-written HTML and CSS
 * with no JavaScript, showing the very image files that the peer's
 * StaticImage produced (every width and format), so only the page differs.
 */
export async function buildLimitPage(peerPublic: string, templateDir: string, outDir: string): Promise<void> {
  fs.rmSync(outDir, { recursive: true, force: true })
  fs.mkdirSync(path.join(outDir, "img"), { recursive: true })
  const images = filesUnder(path.join(peerPublic, "static")).filter((file) =>
    /phone-mockup\.(avif|webp|png)$/.test(file),
  )
  const byFormat = new Map<string, { name: string; width: number; height: number }[]>()
  for (const file of images) {
    const { width = 0, height = 0, format } = await sharp(file).metadata()
    const ext = path.extname(file).slice(1)
    const name = `${width}.${ext}`
    fs.copyFileSync(file, path.join(outDir, "img", name))
    byFormat.set(
      ext,
      [...(byFormat.get(ext) ?? []), { name, width, height }].sort((a, b) => a.width - b.width),
    )
    if (!format) throw new Error(`${file} is not an image`)
  }
  const srcset = (ext: string) =>
    (byFormat.get(ext) ?? []).map(({ name, width }) => `/img/${name} ${width}w`).join(", ")
  const fallback = byFormat.get("png")?.find(({ width }) => width >= 340) ?? byFormat.get("png")?.[0]
  if (!fallback) throw new Error(`no phone-mockup PNG under ${peerPublic}/static: build the peer first`)
  const sizes = "(min-width: 340px) 340px, 100vw"
  const picture = [
    "<picture>",
    ...FORMATS.filter((ext) => ext !== "png" && byFormat.has(ext)).map(
      (ext) => `<source type="image/${ext}" srcset="${srcset(ext)}" sizes="${sizes}" />`,
    ),
    `<img src="/img/${fallback.name}" srcset="${srcset("png")}" sizes="${sizes}" width="340" height="${Math.round((340 * fallback.height) / fallback.width)}" alt="The app on a phone, showing a story" />`,
    "</picture>",
  ].join("\n      ")
  const html = fs
    .readFileSync(path.join(templateDir, "index.template.html"), "utf8")
    .replace("<!-- MOCKUP -->", picture)
  fs.writeFileSync(path.join(outDir, "index.html"), html)
  fs.copyFileSync(path.join(templateDir, "style.css"), path.join(outDir, "style.css"))
}
