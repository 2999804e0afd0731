/**
 * @jest-environment node
 */
import { BufferedResponse } from "../buffered-response"

const answer = () => new BufferedResponse('{"ok":true}', { status: 201, headers: { "Content-Type": "application/json; charset=utf-8" } })

describe("BufferedResponse", () => {
  it("is a Response with its status and headers", () => {
    const response = answer()
    expect(response).toBeInstanceOf(Response)
    expect(response.status).toBe(201)
    expect(response.ok).toBe(true)
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8")
  })

  it("gives its body as JSON, text, bytes, a blob and a stream, as a Response does", async () => {
    expect(await answer().json()).toEqual({ ok: true })
    expect(await answer().text()).toBe('{"ok":true}')
    expect(Buffer.from(await answer().arrayBuffer()).toString()).toBe('{"ok":true}')
    expect(Buffer.from(await answer().bytes()).toString()).toBe('{"ok":true}')
    const blob = await answer().blob()
    expect(blob.type).toBe("application/json; charset=utf-8")
    expect(await blob.text()).toBe('{"ok":true}')
    expect(await new Response(answer().body).text()).toBe('{"ok":true}')
  })

  it("can be read once, as a Response, and cloned before", async () => {
    const response = answer()
    const copy = response.clone()
    expect(response.bodyUsed).toBe(false)
    expect(await response.text()).toBe('{"ok":true}')
    expect(response.bodyUsed).toBe(true)
    await expect(response.text()).rejects.toThrow(TypeError)
    expect(() => response.clone()).toThrow(TypeError)
    expect(await copy.json()).toEqual({ ok: true })
    expect(copy.status).toBe(201)
  })

  it("keeps text outside ASCII as UTF-8", async () => {
    const response = new BufferedResponse(JSON.stringify({ error: "Ça n’a pas marché: 日本語" }), { status: 422 })
    expect(await response.json()).toEqual({ error: "Ça n’a pas marché: 日本語" })
    expect(response.heldBytes.length).toBe(Buffer.byteLength('{"error":"Ça n’a pas marché: 日本語"}'))
  })
})
