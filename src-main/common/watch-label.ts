// A watch's label: "configmaps in ch34 -l app=web", "pods (all namespaces)". Built by the core for
// each watch (its status carries it, by key), and by the renderer again from a status recorded
// before labels had keys, so an old recording's lanes say it in the chosen language too.
import type { WatchTarget } from './watch-types'
import { said, type Said } from '@i18n/translate'

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
