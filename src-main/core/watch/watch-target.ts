// Paths and labels of a watch target.
import type { WatchTarget } from '@common/watch-types'
import { said, type Said } from '@i18n/translate'

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

/** "configmaps in ch34 -l app=web", "pods (all namespaces)": in English, and as a message. */
export function targetLabelSaid(t: WatchTarget): Said {
  const resource = t.group ? `${t.resource}.${t.group}` : t.resource
  const sel = [
    t.labelSelector && `-l ${t.labelSelector}`,
    t.fieldSelector && `--field-selector ${t.fieldSelector}`,
  ]
    .filter(Boolean)
    .join(' ')
  const selectors = sel ? ` ${sel}` : ''
  return t.namespace
    ? said('watch.core.labelIn', { resource, namespace: t.namespace, selectors })
    : said('watch.core.labelAll', { resource, selectors })
}
