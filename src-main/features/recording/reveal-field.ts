// The one way a redacted value reaches the renderer: a person asks for one field of one version,
// named by a pointer the redaction itself listed. Only that value travels, for the screen; it is
// never pushed, recorded or exported (the renderer keeps it out of exports too). In a replay the
// recording holds the value only if it was made with secrets included.
import type { RevealedValue } from '@features/recording/messages'
import { REDACTED, redact } from '@common/redaction'
import { fail, ok, type Result } from '@common/result'
import { saidError } from '@common/said-error'
import { said, type Said } from '@i18n/translate'
import type { EventStore } from '../../core/watch/event-store'

function at(value: unknown, pointer: string): unknown {
  let cur = value
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~')
    if (!cur || typeof cur !== 'object') return undefined
    cur = (cur as Record<string, unknown>)[key]
  }
  return cur
}

export async function revealField(
  store: EventStore,
  index: number,
  pointer: string,
): Promise<Result<RevealedValue>> {
  const nothing = (detail: Said) =>
    fail<never>(
      saidError('bad-request', said('rec.reveal.nothing'), detail, said('rec.reveal.nothingNext')),
    )
  if (!store.has(index)) return nothing(said('rec.reveal.noEvent', { index }))
  const event = store.event(index)
  if (!event.uid || event.v < 0) return nothing(said('rec.reveal.noObject'))
  const [object] = await store.objectsAt(event.uid, [event.v])
  if (!object) return nothing(said('rec.reveal.noVersion'))
  if (!redact(object).redacted.includes(pointer)) {
    return nothing(said('rec.reveal.notRedacted', { pointer }))
  }
  const value = at(object, pointer)
  if (typeof value !== 'string' || value === REDACTED) {
    return fail(
      saidError(
        'bad-request',
        said('rec.reveal.absent'),
        said('rec.reveal.absentDetail'),
        said('rec.reveal.absentNext'),
      ),
    )
  }
  let decoded: string | null = null
  if (pointer.startsWith('/data/')) {
    const bytes = Buffer.from(value, 'base64')
    const text = bytes.toString('utf8')
    decoded = Buffer.from(text, 'utf8').equals(bytes) ? text : null
  }
  return ok({ pointer, value, decoded })
}
