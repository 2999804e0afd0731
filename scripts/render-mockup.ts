/**
 * Renders the phone mockup's SVG source to the PNG that StaticImage optimizes.
 * Run after editing src/images/phone-mockup.svg: `npm run mockup`.
 */
import path from "path"
import sharp from "sharp"

const source = path.join(__dirname, "..", "src", "images", "phone-mockup.svg")
const target = path.join(__dirname, "..", "src", "images", "phone-mockup.png")

sharp(source, { density: 144 * 2 })
  .resize({ width: 840 })
  .png({ compressionLevel: 9 })
  .toFile(target)
  .then(({ width, height }) => console.log(`wrote ${path.relative(process.cwd(), target)} (${width}×${height})`))
