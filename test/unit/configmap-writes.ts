// A ConfigMap's versions written straight into an event store, as a watch would deliver them
// (unit tests of the store's budget and of what reads it back: fold-marks, a recording's backfill).
import type { EventStore } from '../../src-main/core/watch/event-store'

let rv = 1000

/**
 * Records one watch event of ConfigMap `name` in namespace ns (uid `uid-<name>`, data.n = n, a
 * note of 200 bytes), at the next resourceVersion; returns its index in the store.
 */
export function writeConfigMap(
  store: EventStore,
  name: string,
  type: 'ADDED' | 'MODIFIED' | 'DELETED',
  n = 0,
): number {
  const o = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace: 'ns', uid: `uid-${name}`, resourceVersion: String(rv++) },
    data: { n: String(n), note: 'x'.repeat(200) },
  }
  return store.recordObject(
    type,
    1,
    { ...o.metadata, kind: o.kind, apiVersion: o.apiVersion },
    JSON.stringify({ type, object: o }),
  )
}
