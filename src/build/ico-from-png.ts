/**
 * Wraps one PNG in an ICO container, which every browser and tool that still
 * asks for /favicon.ico reads (the format allows PNG images since Windows Vista).
 * @param png the image, at most 256 pixels wide and high
 * @param size its width and height in pixels
 */
export function icoFromPng(png: Buffer, size: number): Buffer {
  if (size < 1 || size > 256) throw new RangeError(`An ICO image is 1 to 256 pixels wide, not ${size}`)
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(1, 4) // one image
  const entry = Buffer.alloc(16)
  entry.writeUInt8(size % 256, 0) // width, 0 meaning 256
  entry.writeUInt8(size % 256, 1) // height
  entry.writeUInt8(0, 2) // no palette
  entry.writeUInt8(0, 3) // reserved
  entry.writeUInt16LE(1, 4) // color planes
  entry.writeUInt16LE(32, 6) // bits per pixel
  entry.writeUInt32LE(png.length, 8)
  entry.writeUInt32LE(header.length + entry.length, 12)
  return Buffer.concat([header, entry, png])
}
