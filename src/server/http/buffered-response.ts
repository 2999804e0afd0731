/**
 * A Response whose body is bytes held as they are.
 *
 * Works around the cost of Node 20's Response: it wraps every body in a
 * web ReadableStream when it is made, and reading the body back goes
 * through that stream, about 10 µs a response on its own and more on a
 * loaded server, where the streams' garbage adds to every collection.
 * This one makes a stream only if `body` is asked for; everything else
 * reads the bytes, and the server's adapter takes them as they are. Check
 * whether it can go with each Node upgrade: make web-handler's `json` and
 * the waitlist's 201 a plain `new Response(...)` and compare
 * `npm run bench`'s waitlist figures.
 */
export class BufferedResponse extends Response {
  private readonly held: Buffer
  private used = false

  constructor(text: string, init: ResponseInit) {
    super(null, init)
    this.held = Buffer.from(text)
  }

  /** The body's bytes, for the server's own adapter (see sendWebResponse): reading them does not use the body up. */
  get heldBytes(): Buffer {
    return this.held
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
    const bytes = this.take()
    return new ReadableStream({
      start(controller) {
        controller.enqueue(new Uint8Array(bytes))
        controller.close()
      },
    })
  }

  override get bodyUsed(): boolean {
    return this.used
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    try {
      const bytes = this.take()
      return Promise.resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer)
    } catch (error) {
      return Promise.reject(error as Error)
    }
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer())
  }

  override async blob(): Promise<Blob> {
    return new Blob([await this.arrayBuffer()], { type: this.headers.get("content-type") ?? "" })
  }

  override async text(): Promise<string> {
    return Buffer.from(await this.arrayBuffer()).toString("utf8")
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown
  }

  override clone(): BufferedResponse {
    if (this.used) throw new TypeError("Response.clone: the body has already been read")
    return new BufferedResponse(this.held.toString("utf8"), { status: this.status, statusText: this.statusText, headers: this.headers })
  }

  private take(): Buffer {
    if (this.used) throw new TypeError("Body is unusable: the body has already been read")
    this.used = true
    return this.held
  }
}
