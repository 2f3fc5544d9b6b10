// The event store keeps each version of an object once, in resourceVersion order where the
// resourceVersions are comparable (Kubernetes 1.35's rule), and in arrival order where they are
// not. Objects: the ConfigMap recorded on the real v1.20.2 server (applied, then shared by a
// second manager), its resourceVersions renumbered for each case.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { EventStore } from '../../src-main/core/watch/event-store'

type Recorded = {
  apiVersion: string
  kind: string
  metadata: { name: string; namespace: string; uid: string; resourceVersion: string }
}
const recorded = (name: string) =>
  JSON.parse(
    readFileSync(path.join(__dirname, '../fixtures/recorded/1.20/managed-fields', name), 'utf8'),
  ) as Recorded
const applied = recorded('configmap-reglages-1-applied.json')
const shared = recorded('configmap-reglages-2-shared.json')
const uid = applied.metadata.uid

const stores: EventStore[] = []
afterEach(() => stores.splice(0).forEach((s) => s.close()))
function fresh(): EventStore {
  const store = new EventStore()
  stores.push(store)
  return store
}

/** Records the object (its recorded content at `resourceVersion`) as one watch delivered it. */
function deliver(
  store: EventStore,
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'LISTED',
  watch: number,
  object: Recorded,
  resourceVersion: string,
): number {
  const metadata = { ...object.metadata, resourceVersion }
  return store.recordObject(
    type,
    watch,
    { ...metadata, kind: object.kind, apiVersion: object.apiVersion },
    JSON.stringify({ ...object, metadata }),
  )
}

const rvsOfVersions = (store: EventStore) =>
  (store.history(uid)?.versionEvents ?? []).map((i) => store.event(i).rv)

describe('versions in resourceVersion order', () => {
  it('a second watch behind the first repeats versions already held: no new ones', async () => {
    const store = fresh()
    deliver(store, 'ADDED', 1, applied, '100')
    deliver(store, 'MODIFIED', 1, applied, '105')
    deliver(store, 'MODIFIED', 1, shared, '1006')
    // Watch 2 lists behind watch 1 (its list answered at 105), then catches up.
    const behind = deliver(store, 'LISTED', 2, applied, '105')
    const caughtUp = deliver(store, 'MODIFIED', 2, shared, '1006')
    const h = store.history(uid)
    expect(h?.versionCount).toBe(3)
    expect(rvsOfVersions(store)).toEqual(['100', '105', '1006'])
    expect([store.event(behind).v, store.event(caughtUp).v]).toEqual([1, 2])
    expect(h?.latestRv).toBe('1006') // "1006" > "105": longer, so later, though "105" > "1006" as text
    // Both watches' events stay on the object's lane.
    expect(store.events().filter((e) => e.uid === uid)).toHaveLength(5)
    const [atBehind] = await store.objectsAt(uid, [store.event(behind).v])
    expect((atBehind?.metadata as { resourceVersion: string }).resourceVersion).toBe('105')
  })

  it('an older version repeated after the deletion leaves the object deleted', () => {
    const store = fresh()
    deliver(store, 'ADDED', 1, applied, '100')
    deliver(store, 'DELETED', 1, applied, '110')
    const late = deliver(store, 'MODIFIED', 2, applied, '100')
    expect(store.event(late).v).toBe(0)
    expect(store.history(uid)?.deleted).toBe(true)
    expect(store.liveObjectsOfWatch(2).size).toBe(0)
  })

  it('an older version the store never held is kept after the others; the latest stays', () => {
    const store = fresh()
    deliver(store, 'ADDED', 1, applied, '100')
    deliver(store, 'MODIFIED', 1, applied, '106')
    deliver(store, 'MODIFIED', 2, applied, '103')
    expect(rvsOfVersions(store)).toEqual(['100', '106', '103'])
    expect(store.history(uid)).toMatchObject({ latestRv: '106', latestVersion: 1 })
    // Watch 2 catches up: 106 is held, and the latest.
    expect(store.event(deliver(store, 'MODIFIED', 2, applied, '106')).v).toBe(1)
    expect(store.history(uid)?.versionCount).toBe(3)
  })

  it('the same deletion from two watches is one version', () => {
    const store = fresh()
    deliver(store, 'ADDED', 1, applied, '100')
    deliver(store, 'ADDED', 2, applied, '100')
    deliver(store, 'DELETED', 1, applied, '110')
    const second = deliver(store, 'DELETED', 2, applied, '110')
    expect(rvsOfVersions(store)).toEqual(['100', '110'])
    expect(store.event(second).v).toBe(1)
    expect(store.history(uid)?.deleted).toBe(true)
  })

  it('resourceVersions that are not comparable keep arrival order, and their text', () => {
    const store = fresh()
    deliver(store, 'ADDED', 1, applied, '0100')
    deliver(store, 'MODIFIED', 1, applied, '0105')
    // Not comparable (a leading zero): the store cannot know it is older, so a new version.
    const again = deliver(store, 'MODIFIED', 2, applied, '0100')
    expect(rvsOfVersions(store)).toEqual(['0100', '0105', '0100'])
    expect(store.event(again)).toMatchObject({ rv: '0100', rvn: null })
  })
})
