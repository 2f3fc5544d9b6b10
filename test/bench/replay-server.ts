// Serves a recorded watch stream over loopback HTTP at full speed, from memory: a list answers empty at
// resourceVersion 1, a watch from there streams the recording and ends; a watch resuming from a
// later resourceVersion gets nothing new and stays open, as a quiet server would.
// startReplayProcess runs it in a process of its own, as a real API server is: the contenders'
// threads then do only their own work.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { taskStat } from './proc-stat'

/**
 * Writes the recording in slices of WRITE_BYTES, each when the socket takes more (backpressure),
 * then ends the answer.
 */
function writeAll(res: http.ServerResponse, recording: Buffer): void {
  let at = 0
  const more = () => {
    while (at < recording.length) {
      const slice = recording.subarray(at, at + WRITE_BYTES)
      at += slice.length
      if (!res.write(slice)) return void res.once('drain', more)
    }
    res.end()
  }
  res.on('close', () => (at = recording.length))
  more()
}

/** A write's size: 1 MB, as a server writing a watch's events in large batches would. */
const WRITE_BYTES = 1 << 20

export async function startReplayServer(
  file: string,
): Promise<{ url: string; close(): Promise<void> }> {
  // Read once: each round's stream then costs the server its writes only, not the file's reads
  // (the server shares the machine's two cores with the contenders: 180 to 240 ms of its CPU a
  // round with the file read each time, 80 to 120 from memory, docs/bench.md 2026-12-07).
  const recording = readFileSync(file)
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const watching =
      url.searchParams.get('watch') === '1' || url.searchParams.get('watch') === 'true'
    if (!watching) {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(
        JSON.stringify({
          kind: 'ConfigMapList',
          apiVersion: 'v1',
          metadata: { resourceVersion: '1' },
          items: [],
        }),
      )
      return
    }
    res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' })
    const from = url.searchParams.get('resourceVersion') ?? '0'
    if (from === '0' || from === '1') writeAll(res, recording)
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

/**
 * The replay server in a child process: `script` is a bundle that calls serveReplayChild() when
 * run as `node script replay-server FILE`.
 */
export async function startReplayProcess(
  script: string,
  file: string,
): Promise<{ url: string; pid: number; close(): Promise<void> }> {
  const child = spawn(process.execPath, [script, 'replay-server', file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString()
      const nl = out.indexOf('\n')
      if (nl !== -1) resolve(out.slice(0, nl).trim())
    })
    child.on('exit', (code) => reject(new Error(`replay server exited ${code}`)))
  })
  return {
    url,
    pid: child.pid as number,
    close: () =>
      new Promise((r) => {
        child.once('exit', () => r())
        child.kill()
      }),
  }
}

/** A process's CPU time so far (every thread, user and system), ms; 0 once it is gone. */
export const processCpuMsOf = (pid: number): number => taskStat(`/proc/${pid}`)?.ms ?? 0

/** In the child process of startReplayProcess: serves the file and prints its URL. */
export async function serveReplayChild(file: string): Promise<void> {
  const replay = await startReplayServer(file)
  process.stdout.write(`${replay.url}\n`)
}
