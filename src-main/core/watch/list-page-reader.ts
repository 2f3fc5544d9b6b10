// One page of a list, read as its answer arrives (list-body-reader.ts): its metadata, then each
// item, handed on at once with the list's kind beside it where the item carries none
// (kind-prefix.ts); how far the page is, every so many items; and how the answer was cut where
// it ended before its end (malformed, silent for listSilenceMs, the connection lost).
import { said, type Said } from '@i18n/translate'
import type { WatchTarget } from '@common/watch-types'
import type { Readable } from 'node:stream'
import { TransportError, type StreamResponse } from '../kube-transport'
import type { ObjectMeta } from './event-store'
import { ListBodyReader, MalformedList, type ListMetadata } from './list-body-reader'
import { kindPrefix, type KindPrefix } from './kind-prefix'
import type { RequestContext } from './request-context'
import { metaOfParsed, scanObjectMeta } from './watch-line-scanner'

/** How a page's answer ended: read to its end, or cut (`error`) after `items` items. */
export type PageRead =
  | { ok: true; rv: string; items: number; remaining: number | null }
  | { ok: false; error: unknown; rv: string; items: number; remaining: number | null }

/**
 * Reads one page's body as it arrives: its metadata, then each item, recorded at once (its
 * bytes go to the version history as they came, with the list's kind and apiVersion beside them
 * when the item carries none: kind-prefix.ts). Ends with the page's counts, or how it was cut.
 */
export function readListPage(
  ctx: Pick<RequestContext, 'clock' | 'target' | 'options' | 'stopped' | 'abortWith'>,
  res: StreamResponse,
  on: {
    onMetadata(metadata: ListMetadata): void
    /**
     * False when the item was already recorded (a page asked again). prefix: the list's kind,
     * for an item that carries none (kind-prefix.ts).
     */
    record(meta: ObjectMeta, json: Uint8Array, prefix?: Uint8Array): boolean
    progress(inPage: number, remaining: number | null): void
  },
): Promise<PageRead> {
  const stream = res.decoded as Readable
  /** The items' kind, from the list's (its first field): restored in each item, first. */
  let kind: KindPrefix | null = null
  let pageRv = ''
  let remaining: number | null = null
  let items = 0
  let lastProgress = ctx.clock.now()
  ctx.abortWith(() => res.abort())
  return new Promise((resolve) => {
    let done = false
    let lastData = ctx.clock.now()
    const finish = (r: PageRead) => {
      if (done) return
      done = true
      ctx.clock.clearInterval(watchdog)
      ctx.abortWith(null)
      if (!r.ok) res.abort()
      resolve(r)
    }
    const silentLimit = ctx.options.listSilenceMs ?? LIST_SILENCE_MS
    const cutShort = (error: unknown) => finish({ ok: false, error, rv: pageRv, items, remaining })
    const watchdog = ctx.clock.setInterval(
      () => {
        const silent = ctx.clock.now() - lastData
        if (silent > silentLimit)
          cutShort(new ListSilent(said('watch.core.listSilent', { s: Math.round(silent / 1000) })))
      },
      Math.min(5000, silentLimit / 4),
    )
    const reader = new ListBodyReader({
      onMetadata: (metadata) => {
        pageRv = metadata.resourceVersion ?? ''
        remaining = metadata.remainingItemCount ?? null
        on.onMetadata(metadata)
      },
      onItem: (bytes) => {
        const meta = scanObjectMeta(bytes) ?? parsedMeta(bytes)
        if (!kind && reader.kind) kind = itemKind(ctx.target, reader.kind)
        // Items of a typed list carry no kind: the list's stands for it, kept beside the bytes.
        const prefix = meta.kind || !kind ? undefined : kind.bytes
        if (!meta.kind && kind) {
          meta.kind = kind.kind
          meta.apiVersion = kind.apiVersion
        }
        on.record(meta, bytes, prefix)
        items++
        if (items % PROGRESS_EVERY === 0) {
          const now = ctx.clock.now()
          if (now - lastProgress >= PROGRESS_MS) {
            lastProgress = now
            on.progress(items, remaining)
          }
        }
      },
    })
    stream.on('data', (chunk: Buffer) => {
      if (done) return
      lastData = ctx.clock.now()
      try {
        reader.push(chunk)
      } catch (error) {
        cutShort(error)
      }
      if (ctx.stopped()) cutShort(new Error('stopped'))
    })
    stream.on('end', () => {
      try {
        const head = reader.end()
        finish({ ok: true, rv: head.metadata.resourceVersion ?? pageRv, items, remaining })
      } catch (error) {
        cutShort(error)
      }
    })
    const cut = (error?: Error) =>
      cutShort(
        new TransportError({
          phase: 'connect',
          message: error?.message ?? 'connection closed before the end of the list',
        }),
      )
    stream.on('error', cut)
    stream.on('close', () => cut())
  })
}

/**
 * A list answer silent this long is cut (SupervisorOptions.listSilenceMs): the list goes on after
 * its last item received.
 */
const LIST_SILENCE_MS = 60_000
/**
 * The status says how far a page is every so many items, at most every PROGRESS_MS (a large list
 * is one page or a few; each status is a new message, its numbers formatted by the language's one
 * kept Intl.NumberFormat, i18n/number-format.ts).
 */
const PROGRESS_EVERY = 500
const PROGRESS_MS = 250

/** A list answer that brought no byte for listSilenceMs: cut by the core. */
class ListSilent extends TransportError {
  constructor(readonly said: Said) {
    super({ phase: 'timeout', message: said.text })
  }
}

/**
 * Why a list answer ended before its end, in the catalogue's words: malformed, silent, or the
 * connection lost (Node's own message); a request that got no answer at all: its failure's title.
 */
export function whyCut(failure: unknown, answered: boolean, title: (e: unknown) => Said): Said {
  if (failure instanceof MalformedList)
    return said('watch.core.listMalformed', { message: failure.said })
  if (failure instanceof ListSilent) return failure.said
  if (answered && failure instanceof Error)
    return said('watch.core.answerCut', { message: failure.message })
  return title(failure)
}

/** Items of a typed list carry no kind: a ConfigMapList holds ConfigMaps. */
function itemKind(target: WatchTarget, listKind: string): KindPrefix {
  const apiVersion = target.group ? `${target.group}/${target.version}` : target.version
  return kindPrefix(apiVersion, listKind.endsWith('List') ? listKind.slice(0, -4) : listKind)
}

/** The slow, exact path for an item the scanner would not read (escaped keys): JSON.parse. */
export function parsedMeta(bytes: Uint8Array): ObjectMeta {
  let o: Record<string, unknown>
  try {
    o = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'))
  } catch (error) {
    // Where it failed, not the parser's words: V8's quote the text around it, which may be a
    // Secret's value (nothing of an answer reaches a message but through redact(), which cannot
    // tell a value in a fragment).
    const at = /position (\d+)/.exec((error as Error).message)?.[1]
    throw new MalformedList(
      at === undefined
        ? said('watch.core.itemNotJson')
        : said('watch.core.itemNotJsonAt', { at: Number(at) }),
    )
  }
  return metaOfParsed(o)
}
