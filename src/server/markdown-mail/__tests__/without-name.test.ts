/**
 * @jest-environment node
 */
import { NAME_SLOT } from "../mail-tokens"
import { withoutName } from "../without-name"

const slot = (text: string) => text.split("{name}").join(NAME_SLOT)

describe("an announcement's text without the reader's name", () => {
  it.each([
    ["Hi {name},", "Hi,"],
    ["Hola, {name}:", "Hola:"],
    ["Olá, {name},", "Olá,"],
    ["Bonjour {name}, nous voilà", "Bonjour, nous voilà"],
    ["{name}, Storyling is here", "Storyling is here"],
    ["{name}さん、Storylingがリリースされました", "Storylingがリリースされました"],
    ["{name}さん\n\nStorylingの準備が整いました。", "Storylingの準備が整いました。"],
    ['<p style="margin:0 0 16px">Hi {name},</p>', '<p style="margin:0 0 16px">Hi,</p>'],
    ['<p style="margin:0 0 16px">{name}様</p>\n<p>本文</p>', "<p>本文</p>"],
    ["Thanks, {name}! See you, {name}.", "Thanks! See you."],
    ["No name here.", "No name here."],
  ])("%j reads %j", (text, expected) => {
    expect(withoutName(slot(text))).toBe(expected)
  })
})
