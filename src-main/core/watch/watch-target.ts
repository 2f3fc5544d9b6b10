// Paths and labels of a watch target.
import type { WatchTarget } from '@common/watch-types'

export function collectionPath(t: WatchTarget): string {
  const prefix = t.group === '' ? `/api/${t.version}` : `/apis/${t.group}/${t.version}`
  return t.namespace
    ? `${prefix}/namespaces/${t.namespace}/${t.resource}`
    : `${prefix}/${t.resource}`
}

export function targetKey(context: string, t: WatchTarget): string {
  return JSON.stringify([
    context,
    t.group,
    t.version,
    t.resource,
    t.namespace ?? '',
    t.labelSelector ?? '',
    t.fieldSelector ?? '',
    // The same objects watched two ways (list then watch, streaming list) are two watches.
    t.mode ?? 'auto',
  ])
}

/** A list or watch request's query: the target's selectors, then `extra`. */
export function targetQuery(t: WatchTarget, extra: Record<string, string | number | boolean>) {
  return {
    ...(t.labelSelector ? { labelSelector: t.labelSelector } : {}),
    ...(t.fieldSelector ? { fieldSelector: t.fieldSelector } : {}),
    ...extra,
  }
}
