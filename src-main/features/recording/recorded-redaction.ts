// What a recording or an export may hold of a line: the core's one redaction (@common/redaction),
// told what a body addressed where the line knows it. A request lab send carries the body as typed
// (its spec names the resource); a what-if carries its manifest (which names its kind).
import { redact, type About } from '@common/redaction'
import type { RecordingLine } from './format'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A request the renderer made, as a recording may keep it. */
export function redactRequestPayload(channel: string, payload: unknown): unknown {
  if (!isObj(payload)) return redact(payload).value
  const copy: Obj = { ...payload }
  if (channel === 'lab:send' && typeof payload.body === 'string') {
    const about: About = {
      group: String(payload.group ?? ''),
      resource: String(payload.resource ?? ''),
      ...(typeof payload.subresource === 'string' ? { subresource: payload.subresource } : {}),
    }
    copy.body = redact(payload.body, about).value
  }
  if (channel === 'ownership:what-if' && typeof payload.manifest === 'string') {
    copy.manifest = redact(payload.manifest, {}).value
  }
  return redact(copy).value
}

/** A line as a recording or an export may hold it (the header is redacted on its own). */
export function redactLine(line: RecordingLine): RecordingLine {
  switch (line.kind) {
    case 'object':
      return line.object === undefined ? line : { ...line, object: redact(line.object).value }
    case 'emit':
      return { ...line, payload: redact(line.payload).value }
    case 'answer':
      return {
        ...line,
        payload: redactRequestPayload(line.channel, line.payload),
        answer: redact(line.answer).value,
      }
    default:
      return line
  }
}
