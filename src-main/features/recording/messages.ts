// Recording, replay and the demo (#6).
// Each message: its payload schema (the renderer is untrusted), its answer type and the method name
// the renderer calls. contract.ts and bridge-types.ts compose every feature's messages.
import { z } from 'zod'
import type { SessionInfo } from '@common/kube-types'
import type { TimelineEvent } from '@common/watch-types'
import type { SaidAs } from '@common/result'
import type { ByLanguage } from '@i18n/translate'

const note = z.string().max(500)
/** A recording is named, never given as a path: the core resolves it in its own folders. */
const recordingName = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._ -]+$/, 'rec.schema.name')

export const recordingSchemas = {
  'recording:status': z.object({}).strict(),
  'recording:start': z
    .object({
      gzip: z.boolean().optional(),
      includeSecrets: z.boolean().optional(),
      title: z.string().max(200).optional(),
    })
    .strict(),
  'recording:stop': z.object({}).strict(),
  'recording:marker': z.object({ note }).strict(),
  'recording:list': z.object({}).strict(),
  'recording:open': z.object({ name: recordingName, source: z.enum(['demo', 'saved']) }).strict(),
  /** A file the person picked in the renderer, sent as text (plain) or base64 (gzip). */
  'recording:open-upload': z
    .object({
      fileName: z.string().max(200),
      base64: z
        .string()
        .max(3 * 1024 * 1024)
        .regex(/^[A-Za-z0-9+/=]*$/),
    })
    .strict(),
  'recording:close': z.object({}).strict(),
  'recording:transport': z
    .object({
      action: z.enum(['play', 'pause', 'toggle', 'step', 'step-back', 'seek', 'speed', 'marker']),
      /** seek: ms from the start; speed: 0.25 to 16; marker: +1 or -1 (next, previous). */
      value: z.number().finite().optional(),
    })
    .strict(),
  'recording:export-range': z
    .object({
      fromMs: z.number().nonnegative(),
      toMs: z.number().nonnegative(),
      name: recordingName.optional(),
    })
    .strict(),
  /** One redacted field, shown on screen only, at the person's explicit request. */
  'recording:reveal': z
    .object({
      index: z.number().int().nonnegative(),
      /** A JSON Pointer the event detail listed as redacted. */
      pointer: z.string().min(1).max(1000),
    })
    .strict(),
} satisfies Record<string, z.ZodType>

export interface RevealedValue {
  pointer: string
  value: string
  /** data values are base64: the text they hold, when it is UTF-8. */
  decoded: string | null
}

export interface RecorderStatus {
  name: string
  events: number
  lines: number
  bytes: number
  markers: number
  startedAt: number
  durationMs: number
  includeSecrets: boolean
}

export interface ReplayMarker {
  /** ms from the start of the recording. */
  atMs: number
  /** As written; `noteByLanguage`'s text in the chosen language when there is one. */
  note: string
  noteByLanguage?: ByLanguage
}

export interface ReplayStatus {
  name: string
  title: string
  /** The title's key when Apiscope wrote it (an exported range), to say it in the chosen language. */
  titleSaid?: SaidAs
  /** The title as its author wrote it in several languages (the bundled demo's). */
  titleByLanguage?: ByLanguage
  context: string
  /** The recorded server's gitVersion; null when recorded without one (the banner says so). */
  serverVersion: string | null
  startedAt: string
  /** The recording's start, ms since the epoch: positionMs counts from it (recorded time). */
  t0: number
  durationMs: number
  positionMs: number
  playing: boolean
  speed: number
  ended: boolean
  eventsApplied: number
  totalEvents: number
  markers: ReplayMarker[]
  /** The last store event applied: what presenter mode's spotlight shows. */
  current: TimelineEvent | null
  secrets: 'redacted' | 'included'
  /** What the reader skipped: a cut-off tail and corrupted lines (numbers are 1-based). */
  skippedTailBytes: number
  corrupt: { line: number; message: string }[]
  /** The session the replay stands in for (what the Overview shows). */
  session: SessionInfo
  /** Why the host opened it by itself (no cluster answered), or null. */
  openedBecause: string | null
  /**
   * The same reason as a catalogue message (i18n/), and the failure it names as one too when the
   * catalogue has it, so the banner says both in the person's language.
   */
  openedBecauseSaid?: { reason: SaidAs; failure?: SaidAs }
  /** Bumps when the replay started again from the beginning (a seek back): views reset. */
  generation: number
  /** A new number each time a recording is opened: the renderer keeps one state per opening. */
  openId: number
}

export interface RecordingStatus {
  recording: RecorderStatus | null
  replay: ReplayStatus | null
  /** Where recordings made in the app are saved. */
  folder: string
}

export interface RecordingFile {
  name: string
  source: 'demo' | 'saved'
  bytes: number
  modified: string
}

export interface RecordingAnswers {
  'recording:status': RecordingStatus
  'recording:start': RecordingStatus
  'recording:stop': RecordingStatus
  'recording:marker': RecordingStatus
  'recording:list': RecordingFile[]
  'recording:open': RecordingStatus
  'recording:open-upload': RecordingStatus
  'recording:close': RecordingStatus
  'recording:transport': RecordingStatus
  'recording:export-range': RecordingFile & { events: number; path: string }
  'recording:reveal': RevealedValue
}

export const recordingMethods = {
  'recording:status': 'recordingStatus',
  'recording:start': 'startRecording',
  'recording:stop': 'stopRecording',
  'recording:marker': 'addMarker',
  'recording:list': 'listRecordings',
  'recording:open': 'openRecording',
  'recording:open-upload': 'openRecordingUpload',
  'recording:close': 'closeReplay',
  'recording:transport': 'replayTransport',
  'recording:export-range': 'exportRange',
  'recording:reveal': 'revealField',
} as const satisfies Record<keyof typeof recordingSchemas, string>

/** Messages this feature pushes to the renderer. */
export interface RecordingEvents {
  'recording:status': RecordingStatus
  /** The replay starts its stream again (a seek back): drop what came from the stream so far. */
  'recording:replay-reset': { generation: number }
  /**
   * In a replay, a request the renderer made while recording and the core's answer, at the time
   * it came (a request lab send, an ownership what-if...): views that show answers listen here.
   */
  'recording:answer': ReplayedAnswer
}

export interface ReplayedAnswer {
  channel: string
  payload: unknown
  /** The Result the core gave: { ok: true, value } or { ok: false, error }. */
  answer: unknown
}

export const recordingEventMethods = {
  'recording:status': 'onRecordingStatus',
  'recording:replay-reset': 'onReplayReset',
  'recording:answer': 'onReplayedAnswer',
} as const satisfies Record<keyof RecordingEvents, string>
