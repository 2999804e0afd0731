/**
 * @jest-environment node
 */
import sharp from "sharp"
import { icoFromPng } from "../ico-from-png"

describe("icoFromPng", () => {
  it("writes an ICO header and directory entry pointing at the PNG it carries", async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 4, background: "#FFA73B" } })
      .png()
      .toBuffer()
    const ico = icoFromPng(png, 32)
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1])
    expect([ico.readUInt8(6), ico.readUInt8(7)]).toEqual([32, 32])
    expect(ico.readUInt32LE(14)).toBe(png.length)
    const offset = ico.readUInt32LE(18)
    expect(offset).toBe(22)
    expect(ico.subarray(offset).equals(png)).toBe(true)
    expect((await sharp(ico.subarray(offset)).metadata()).width).toBe(32)
  })

  it("writes 0 for the width and height of a 256-pixel icon, as the format wants", () => {
    const ico = icoFromPng(Buffer.from("png"), 256)
    expect([ico.readUInt8(6), ico.readUInt8(7)]).toEqual([0, 0])
  })

  it("refuses an image larger than the format allows", () => {
    expect(() => icoFromPng(Buffer.from("png"), 512)).toThrow(RangeError)
  })
})
