// The rollout's sequence diagram: one column per actor, one row per arrow, every arrow from its
// actor to kube-apiserver, labels right of the apiserver's lifeline; names on two lines at most.
import { describe, expect, it } from 'vitest'
import type { RolloutTrace, TraceActorId } from '@features/walkthroughs/messages'
import {
  HEADER_HEIGHT,
  ROW_HEIGHT,
  WIDTH,
  actorLines,
  detailLines,
  clock,
  columnX,
  diagramHeight,
  layoutArrows,
} from '../../../src-renderer/src/features/walkthroughs/rollout/sequence-layout'

const ACTORS: TraceActorId[] = ['writer', 'apiserver', 'deployment-controller', 'scheduler']

function trace(arrows: TraceActorId[]): RolloutTrace {
  return {
    owner: { kind: 'Deployment', namespace: 'lab', name: 'web' },
    found: true,
    actors: ACTORS.map((id) => ({ id, label: id, detail: '', simulated: false })),
    arrows: arrows.map((from, i) => ({
      id: `a${i}`,
      from,
      label: `step ${i}`,
      object: 'Deployment/web',
      actorName: from,
      time: null,
      state: 'done',
      evidence: 'ownerReferences + creationTimestamp',
    })),
    nodes: [],
    notes: [],
    updatedAt: '2026-12-01T21:00:00Z',
  }
}

describe('sequence layout', () => {
  it('centres each actor in its column', () => {
    const t = trace([])
    expect(ACTORS.map((id) => columnX(t, id))).toEqual([125, 375, 625, 875])
    // An actor the trace does not have falls in the first column.
    expect(columnX(t, 'node-agent')).toBe(WIDTH / ACTORS.length / 2)
  })

  it('draws each arrow on its own row, towards the apiserver from either side', () => {
    const rows = layoutArrows(trace(['writer', 'deployment-controller', 'scheduler']))
    const api = 375
    expect(rows).toEqual([
      {
        id: 'a0',
        y: HEADER_HEIGHT + ROW_HEIGHT / 2 + 8,
        x1: 125,
        x2: api - 7,
        labelX: api + 16,
        anchor: 'start',
      },
      {
        id: 'a1',
        y: HEADER_HEIGHT + ROW_HEIGHT * 1.5 + 8,
        x1: 625,
        x2: api + 7,
        labelX: api + 16,
        anchor: 'start',
      },
      {
        id: 'a2',
        y: HEADER_HEIGHT + ROW_HEIGHT * 2.5 + 8,
        x1: 875,
        x2: api + 7,
        labelX: api + 16,
        anchor: 'start',
      },
    ])
  })

  it('is tall enough for its arrows, and for one row when it has none', () => {
    expect(diagramHeight(trace(['writer', 'scheduler']))).toBe(HEADER_HEIGHT + 2 * ROW_HEIGHT + 24)
    expect(diagramHeight(trace([]))).toBe(HEADER_HEIGHT + ROW_HEIGHT + 24)
  })

  it('splits a long actor name before its parenthesis or at its first space', () => {
    expect(actorLines('kube-apiserver')).toEqual(['kube-apiserver'])
    expect(actorLines('kubelet (simulated)')).toEqual(['kubelet', '(simulated)'])
    expect(actorLines('ReplicaSet controller')).toEqual(['ReplicaSet', 'controller'])
    expect(actorLines('averyveryverylongname')).toEqual(['averyveryverylongname'])
  })

  it('breaks a long detail after the hyphen or at the space nearest its middle', () => {
    expect(detailLines('default-scheduler')).toEqual(['default-scheduler'])
    expect(detailLines('kube-controller-manager')).toEqual(['kube-controller-', 'manager'])
    expect(detailLines('chaque écriture passe ici')).toEqual(['chaque écriture', 'passe ici'])
    expect(detailLines('averyveryverylongdetailname')).toEqual(['averyveryverylongdetailname'])
  })

  it('reads the time of day of a timestamp, to the millisecond when it has them', () => {
    expect(clock('2026-12-01T21:04:05.123Z')).toBe('21:04:05.123')
    expect(clock('2026-12-01T21:04:05Z')).toBe('21:04:05')
    expect(clock(null)).toBe('')
    expect(clock('soon')).toBe('soon')
  })
})
