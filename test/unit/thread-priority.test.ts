// The version-history worker's thread runs at a lower priority from its first instant: the thread
// that starts it lowers it as soon as it exists, before the worker's own code runs (Linux: a
// thread is a task with a nice value of its own; elsewhere nothing changes).
import { existsSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { BACKGROUND_STEP, startInBackground } from '../../src-main/core/watch/thread-priority'

/** A worker whose first statement reports its own thread's nice value. */
const REPORT_NICE = `
const { parentPort } = require('node:worker_threads')
const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop())
parentPort.postMessage({ nice: require('node:os').getPriority(tid), mainNice: require('node:os').getPriority(process.pid) })
`

function firstMessage(worker: Worker): Promise<{ nice: number; mainNice: number }> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
}

describe.runIf(existsSync('/proc/thread-self'))('startInBackground', () => {
  it('lowers the new thread before its code runs, and only that thread', async () => {
    const worker = startInBackground(() => new Worker(REPORT_NICE, { eval: true }))
    const seen = await firstMessage(worker)
    await worker.terminate()
    expect(seen.nice).toBe(Math.min(19, seen.mainNice + BACKGROUND_STEP))
    expect(seen.nice).toBeGreaterThan(seen.mainNice)
  })

  it('a worker started without it keeps the default priority', async () => {
    const worker = new Worker(REPORT_NICE, { eval: true })
    const seen = await firstMessage(worker)
    await worker.terminate()
    expect(seen.nice).toBe(seen.mainNice)
  })
})
