// A time range of a recording as a smaller recording: the store writes before the range (so the
// replay starts from the same state), then everything inside it; pushed events and markers before
// the range and anything after it are dropped. Redaction is applied again whatever the source
// said: an export is something people share.
import { redact, REDACTION_RULES } from '@common/redaction'
import { LOCALES, said, translate, type ByLanguage, type Said } from '@i18n/translate'
import { isEventLine, isStoreLine, type RecordingLine } from './format'
import { redactLine } from './recorded-redaction'
import type { RecordingContent } from './reader'
import { RecordingWriter } from './writer'

export async function exportRange(
  content: RecordingContent,
  fromMs: number,
  toMs: number,
  file: string,
): Promise<{ events: number; lines: number }> {
  const { header } = content
  const from = header.t0 + Math.min(fromMs, toMs)
  const to = header.t0 + Math.max(fromMs, toMs)
  // The source's title is data (the person's words, or the context's name), said as it is; the
  // excerpt around it is Apiscope's words, kept by key (a range of a range names its source's).
  const source: string | Said = header.titleSaid
    ? { text: header.title ?? header.context, as: header.titleSaid as Said['as'] }
    : (header.title ?? header.context)
  const s = Math.round((to - from) / 1000)
  const title = said('replay.excerptTitle', { title: source, s })
  // A source title written in several languages (the demo's): the excerpt's in each of them too.
  const byLanguage: ByLanguage = {}
  for (const language of LOCALES) {
    const written = header.titleByLanguage?.[language]
    if (written)
      byLanguage[language] = translate(language, 'replay.excerptTitle', { title: written, s })
  }
  const writer = new RecordingWriter(file, {
    ...redact(header).value,
    t0: from,
    startedAt: new Date(from).toISOString(),
    title: title.text,
    titleSaid: title.as,
    ...(Object.keys(byLanguage).length ? { titleByLanguage: byLanguage } : {}),
    redaction: { secrets: 'redacted', rules: REDACTION_RULES },
  })
  let events = 0
  for (const line of content.lines) {
    if (line.t > to) continue
    if (line.t < from && !isStoreLine(line) && line.kind !== 'status') continue
    const out: RecordingLine = redactLine(line)
    if (isEventLine(out) && out.t >= from) events++
    writer.append(out)
  }
  writer.append({ kind: 'end', t: to, reason: 'end of the exported range' })
  await writer.close()
  return { events, lines: writer.lines }
}
