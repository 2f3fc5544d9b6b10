// The log tail on real temporary files: partial lines wait for their end, truncation and rotation
// start again from the top, malformed lines are counted and skipped.
import {
  appendFileSync,
  mkdtempSync,
  renameSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TrafficSourceStatus } from '@features/traffic/messages'
import type { AuditEvent } from '../../src-main/features/traffic/audit-event'
import {
  CommandTail,
  FileTail,
  LineSplitter,
  readAuditLine,
} from '../../src-main/features/traffic/audit-log-tail'

const line = (id: string) =>
  `${JSON.stringify({ kind: 'Event', apiVersion: 'audit.k8s.io/v1', auditID: id, stage: 'ResponseComplete', requestURI: '/version', verb: 'get', user: { username: 'u' }, responseStatus: { code: 200 } })}\n`

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'apiscope-tail-'))
  dirs.push(dir)
  const file = path.join(dir, 'audit.log')
  const ids: string[] = []
  const status: TrafficSourceStatus = {
    id: 1,
    kind: 'log-file',
    where: file,
    state: 'starting',
    eventsReceived: 0,
    batchesReceived: 0,
    rejected: 0,
  }
  const sink = {
    status,
    onEvents: (events: AuditEvent[]) => ids.push(...events.map((e) => e.auditID)),
    onChange: () => undefined,
  }
  return { file, ids, status, sink }
}

describe('line splitter', () => {
  it('keeps a partial line, and a UTF-8 character split across chunks', () => {
    const s = new LineSplitter()
    const bytes = Buffer.from('{"a":"é"}\n{"b":')
    expect(s.push(bytes.subarray(0, 7))).toEqual([])
    expect(s.push(bytes.subarray(7))).toEqual(['{"a":"é"}'])
    expect(s.push('1}\n')).toEqual(['{"b":1}'])
  })
})

describe('audit lines', () => {
  it('reads plain JSON, CRI container lines and Docker json-file lines; skips the server’s own log', () => {
    const json = line('x').trim()
    expect(readAuditLine(json)).toHaveProperty('event')
    expect(readAuditLine(`2026-11-30T12:00:00.1Z stdout F ${json}`)).toHaveProperty('event')
    expect(
      readAuditLine(JSON.stringify({ log: `${json}\n`, stream: 'stdout', time: 'x' })),
    ).toHaveProperty('event')
    expect(readAuditLine('I1130 12:00:00.000 1 server.go:1] starting')).toEqual({ skip: true })
    expect(readAuditLine('{"auditID": ')).toMatchObject({
      error: expect.stringMatching(/not complete JSON/),
    })
    expect(readAuditLine('{"kind":"Event"}')).toMatchObject({
      error: expect.stringMatching(/not an audit event/),
    })
  })
})

describe('file tail', () => {
  it('starts at the end by default, waits for partial lines, survives truncation and rotation', async () => {
    const { file, ids, status, sink } = setup()
    writeFileSync(file, line('old'))
    const tail = new FileTail(file, sink, false, 10_000)
    await tail.start()
    expect(status.state).toBe('running')
    await tail.pollOnce()
    expect(ids).toEqual([]) // what was there before is not replayed

    const half = line('a')
    appendFileSync(file, half.slice(0, 30))
    await tail.pollOnce()
    expect(ids).toEqual([])
    appendFileSync(file, half.slice(30) + 'not json at all {\n' + '{"broken": \n' + line('b'))
    await tail.pollOnce()
    expect(ids).toEqual(['a', 'b'])
    expect(status.rejected).toBe(1) // the broken JSON line; the plain text line is skipped
    expect(status.lastError).toMatch(/not complete JSON/)

    truncateSync(file, 0)
    appendFileSync(file, line('c'))
    await tail.pollOnce()
    expect(ids).toEqual(['a', 'b', 'c'])

    // Rotation: the old file moves away (with a last line written before the move), a new one starts.
    appendFileSync(file, line('d'))
    renameSync(file, `${file}.1`)
    await tail.pollOnce() // the file is gone for a moment: no error
    writeFileSync(file, line('e'))
    await tail.pollOnce()
    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(status.eventsReceived).toBe(5)
    await tail.stop()
    expect(status.state).toBe('stopped')
  })

  it('from the start when asked; a missing file is a clear error', async () => {
    const { file, ids, sink } = setup()
    writeFileSync(file, line('first') + line('second'))
    const tail = new FileTail(file, sink, true, 10_000)
    await tail.start()
    await tail.pollOnce()
    expect(ids).toEqual(['first', 'second'])
    await tail.stop()
    const missing = setup()
    const bad = new FileTail(path.join(path.dirname(missing.file), 'nope.log'), missing.sink)
    await expect(bad.start()).rejects.toThrow(/does not exist \(is --audit-log-path set to it\?\)/)
    expect(missing.status.state).toBe('failed')
  })
})

describe('command tail (the minikube ssh route, played by sh)', () => {
  it('reads the command’s output and says why it ended', async () => {
    const { ids, status, sink } = setup()
    const script = `printf '%s' '${line('one').trim()}'; sleep 0.1; printf '\\n%s\\n' 'I1130 a log line'; echo 'ssh: connect refused' >&2; exit 3`
    const tail = new CommandTail('sh', ['-c', script], sink)
    await tail.start()
    // Until the command has ended (sh sleeps 0.1 s between its lines), not a fixed wait.
    await vi.waitFor(() => {
      expect(ids).toEqual(['one'])
      expect(status.state).toBe('failed')
      expect(status.lastError).toMatch(/ended \(exit 3\): ssh: connect refused$/)
    })
  })

  it('a missing command is a clear error', async () => {
    const { sink } = setup()
    const tail = new CommandTail('apiscope-no-such-command', [], sink)
    await expect(tail.start()).rejects.toThrow(/is not on the PATH/)
  })
})
