// A recorder on an event store, writing to a fresh file in the system's temporary folder, with the
// header a unit test gives (no server, context "unit", no watches).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { EventStore } from '../../src-main/core/watch/event-store'
import { Recorder } from '../../src-main/features/recording/recorder'

/** A Recorder on `store` and the file it writes. */
export function unitRecorder(store: EventStore): { recorder: Recorder; file: string } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'apiscope-unit-rec-')), 'rec.ndjson')
  const recorder = new Recorder(store, {
    path: file,
    header: {
      app: { name: 'Apiscope', version: 'test' },
      server: null,
      context: 'unit',
      watches: [],
    },
  })
  return { recorder, file }
}
