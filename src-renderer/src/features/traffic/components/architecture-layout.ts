// Where things sit on the architecture drawing (seed 004: clients on the left, the API server's
// stages in the middle, etcd behind) and the route a request takes to where it stopped. Pure:
// coordinates are in the SVG's viewBox units.
import type { TrafficRequest } from '@features/traffic/messages'
import { isComputedResource, type StageId } from '@common/request-stages'
import type { MessageKey } from '@i18n/translate'

/** A half of a stage's name on the drawing (a key without parameters). */
export type StageLine = Extract<MessageKey, `traffic.arch.${string}${1 | 2}`>

export const VIEW_W = 1000
export const VIEW_H = 390
// Wide enough for "controller-manager" in bold with room on both sides (at 164 it ran into its
// box's right edge, in presenter mode too: the layout audit's labelsOutOfBox).
export const CLIENT_X = 2
export const CLIENT_W = 170
export const SERVER_X = 196
export const SERVER_W = 664
/** The middle of the stage boxes. */
export const WRITE_Y = 160
export const READ_Y = 318
export const STAGE_W = 86
export const STAGE_H = 76
/** Requests travel on a line above the stage boxes and stop above the stage that refused them. */
export const TRACK_Y = WRITE_Y - STAGE_H / 2 - 16
export const ETCD_X = 884
export const ETCD_W = 104

export interface StageBox {
  id: StageId
  /** The stage's name on two lines, as catalogue keys (the view says them). */
  lines: [StageLine, StageLine]
  refusal: string
  x: number
}

/** `refusal`: the codes a stage answers with, or `webhooks` (the view says that word). */
const WRITE_STAGES: { id: StageId; lines: [StageLine, StageLine]; refusal: string }[] = [
  {
    id: 'authentication',
    lines: ['traffic.arch.authentication1', 'traffic.arch.authentication2'],
    refusal: '401',
  },
  {
    id: 'flow-control',
    lines: ['traffic.arch.flowControl1', 'traffic.arch.flowControl2'],
    refusal: '429',
  },
  {
    id: 'authorization',
    lines: ['traffic.arch.authorization1', 'traffic.arch.authorization2'],
    refusal: '403',
  },
  {
    id: 'decoding',
    lines: ['traffic.arch.decoding1', 'traffic.arch.decoding2'],
    refusal: '400 · 415',
  },
  {
    id: 'mutating-admission',
    lines: ['traffic.arch.mutating1', 'traffic.arch.mutating2'],
    refusal: 'webhooks',
  },
  {
    id: 'schema-validation',
    lines: ['traffic.arch.schema1', 'traffic.arch.schema2'],
    refusal: '422',
  },
  {
    id: 'validating-admission',
    lines: ['traffic.arch.validating1', 'traffic.arch.validating2'],
    refusal: 'webhooks',
  },
]

const FIRST_STAGE_X = SERVER_X + 18
const STAGE_STEP = (SERVER_W - 36 - STAGE_W) / (WRITE_STAGES.length - 1)

export const STAGES: StageBox[] = WRITE_STAGES.map((s, i) => ({
  ...s,
  x: FIRST_STAGE_X + i * STAGE_STEP,
}))

const centerOf = (id: StageId) => {
  const box = STAGES.find((s) => s.id === id)
  return box ? box.x + STAGE_W / 2 : SERVER_X
}

/** Where reads leave the write track: between authorization and decoding. */
export const BRANCH_X = (centerOf('authorization') + centerOf('decoding')) / 2
export const CACHE_X = centerOf('mutating-admission') - 20
// Room for "la plupart des lectures" and "1 234 lectures servies" right of where reads stop.
export const CACHE_W = 236
/**
 * Tall enough that its name sits above the read line and its count below: the reads that go on
 * to etcd cross the box on that line, and their dots (radius 8) ran over "Watch cache".
 */
export const CACHE_H = 68
export const ETCD_ENTRY = ETCD_X + 8

export type Point = [number, number]

/**
 * Where a request ends up on the drawing, and the label of that place: a catalogue key, `etcd`, or
 * the id of the stage that stopped it (the view says each in words).
 */
export function destination(
  r: Pick<
    TrafficRequest,
    'stoppedAt' | 'verb' | 'servedFrom' | 'dryRun' | 'code' | 'resource' | 'path'
  >,
): { point: Point; read: boolean; place: string } {
  const read = r.verb === 'get' || r.verb === 'list' || r.verb === 'watch'
  // At the box's left end: its name stays readable under the dots.
  const cacheCenter: Point = [CACHE_X + 14, READ_Y]
  const etcdRead: Point = [ETCD_X + ETCD_W / 2, READ_Y]
  if (r.stoppedAt === 'done') {
    // /readyz, /metrics, discovery: answered once authorized, where reads branch off; no storage.
    if (r.path && !r.path.includes('storage-read') && !r.path.includes('decoding'))
      return { point: [BRANCH_X, TRACK_Y], read, place: 'traffic.place.server' }
    if (read)
      return r.servedFrom === 'etcd'
        ? { point: etcdRead, read, place: 'etcd' }
        : { point: cacheCenter, read, place: 'traffic.place.watchCache' }
    // A TokenRequest or an access review is answered on the spot: it never goes to etcd.
    if (isComputedResource(r.resource))
      return { point: [ETCD_X - 14, TRACK_Y], read, place: 'traffic.place.notStored' }
    return { point: [ETCD_X + ETCD_W / 2, TRACK_Y], read, place: 'etcd' }
  }
  if (r.stoppedAt === 'storage-read')
    return { point: etcdRead, read: true, place: 'traffic.place.storage' }
  if (r.stoppedAt === 'persistence')
    return r.dryRun
      ? { point: [ETCD_X - 14, TRACK_Y], read, place: 'traffic.place.dryRun' }
      : { point: [ETCD_ENTRY + 4, TRACK_Y], read, place: 'etcd' }
  if (r.stoppedAt === 'unknown')
    return { point: [SERVER_X + 8, TRACK_Y], read, place: 'traffic.place.unknown' }
  return { point: [centerOf(r.stoppedAt), TRACK_Y], read, place: r.stoppedAt }
}

/** The polyline from a client row to where the request stopped. */
export function route(clientY: number, r: Parameters<typeof destination>[0]): Point[] {
  const { point, read } = destination(r)
  const start: Point = [CLIENT_X + CLIENT_W, clientY]
  const entry: Point = [SERVER_X, TRACK_Y]
  const goesDown = point[1] === READ_Y
  if (goesDown && read) return [start, entry, [BRANCH_X, TRACK_Y], [BRANCH_X, READ_Y], point]
  if (goesDown) return [start, entry, [ETCD_X - 30, TRACK_Y], [ETCD_X - 30, READ_Y], point]
  return [start, entry, point]
}

/** Total length and the point at a fraction of a polyline. */
export function pointAlong(points: readonly Point[], fraction: number): Point {
  const segments = points.slice(1).map((p, i) => {
    const q = points[i] as Point
    return Math.hypot(p[0] - q[0], p[1] - q[1])
  })
  const total = segments.reduce((a, b) => a + b, 0)
  let left = Math.min(1, Math.max(0, fraction)) * total
  for (let i = 0; i < segments.length; i++) {
    const len = segments[i] ?? 0
    const a = points[i] as Point
    const b = points[i + 1] as Point
    if (left <= len || i === segments.length - 1) {
      const t = len === 0 ? 1 : Math.min(1, left / len)
      return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]
    }
    left -= len
  }
  return points[points.length - 1] ?? [0, 0]
}

export function routeLength(points: readonly Point[]): number {
  let total = 0
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1] as Point
    const b = points[i] as Point
    total += Math.hypot(b[0] - a[0], b[1] - a[1])
  }
  return total
}

/** The y of each client row, spread over the drawing's height. */
export function clientYs(count: number): number[] {
  const top = 34
  const bottom = VIEW_H - 22
  const step = count > 1 ? (bottom - top) / (count - 1) : 0
  return Array.from({ length: count }, (_, i) => top + i * step)
}
