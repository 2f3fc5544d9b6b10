// Sends one request on an identity's transport, for the request lab and the walkthroughs alike: a
// one-shot request, or a watch read as a bounded sample (at most `maxLines` lines, for at most
// `ms` milliseconds, then closed), so a busy collection cannot flood a view or hold a step.
import type http from 'node:http'
import type { KubeRequest, KubeTransport } from '../kube-transport'
import { NdjsonLines } from '../watch/ndjson-lines'

export interface WatchBounds {
  maxLines: number
  ms: number
}

/** A watch's first lines as they came, each with when it came (ms after the watch opened). */
export interface WatchSample {
  lines: { text: string; atMs: number }[]
  closedAfterMs: number
}

export interface SentAnswer {
  status: number
  statusText: string
  ms: number
  headers: http.IncomingHttpHeaders
  /** The answer's body; '' for a watch the server kept open (its lines are in `watch`). */
  text: string
  watch?: WatchSample
}

/** Sends `request` as the transport's identity; with `watch`, opens it as a stream and samples it. */
export async function sendAs(
  transport: KubeTransport,
  request: KubeRequest,
  watch?: WatchBounds,
): Promise<SentAnswer> {
  if (!watch) {
    const res = await transport.request(request)
    const { status, statusText, ms, headers, body } = res
    return { status, statusText, ms, headers, text: body }
  }
  const res = await transport.openStream(request)
  const { status, statusText, ms, headers } = res
  if (!res.stream) return { status, statusText, ms, headers, text: res.body }
  return {
    status,
    statusText,
    ms,
    headers,
    text: '',
    watch: await readWatchSample(res.stream, res.abort, watch),
  }
}

/** Reads a watch's lines until `maxLines` came, `ms` passed, or the server ended it; then aborts. */
function readWatchSample(
  stream: http.IncomingMessage,
  abort: () => void,
  bounds: WatchBounds,
): Promise<WatchSample> {
  const started = Date.now()
  const lines: WatchSample['lines'] = []
  return new Promise((resolve) => {
    let done = false
    const finish = () => {
      if (done) return
      done = true
      clearTimeout(timer)
      stream.removeAllListeners('data')
      abort()
      resolve({ lines, closedAfterMs: Date.now() - started })
    }
    const timer = setTimeout(finish, bounds.ms)
    const splitter = new NdjsonLines()
    stream.on('data', (chunk: Buffer) =>
      splitter.push(chunk, (bytes) => {
        if (done) return
        lines.push({ text: bytes.toString('utf8'), atMs: Date.now() - started })
        if (lines.length >= bounds.maxLines) finish()
      }),
    )
    stream.on('end', finish)
    stream.on('error', finish)
  })
}
