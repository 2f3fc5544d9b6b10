// Turns the API Priority and Fairness headers of a response (X-Kubernetes-PF-FlowSchema-UID,
// X-Kubernetes-PF-PriorityLevel-UID) into the names of the FlowSchema and PriorityLevelConfiguration,
// by listing flowcontrol.apiserver.k8s.io in the newest version the server serves (v1beta1 on 1.20).
// https://kubernetes.io/docs/concepts/cluster-administration/flow-control/#diagnostics
import type { LabResult } from '@features/lab/messages'
import { said, type Said } from '@i18n/translate'
import type { ClusterSession } from '../../core/cluster-session'

const GROUP = 'flowcontrol.apiserver.k8s.io'
const PREFERENCE = ['v1', 'v1beta3', 'v1beta2', 'v1beta1', 'v1alpha1']

interface NameCache {
  session: ClusterSession
  names: Map<string, string>
}

let cache: NameCache | null = null

async function refresh(session: ClusterSession): Promise<Said | undefined> {
  const discovery = await session.getDiscovery()
  if (!discovery.ok) return said('lab.flow.discoveryFailed', { reason: discovery.error.title })
  const served = discovery.value.groups.find((g) => g.name === GROUP)?.versions ?? []
  const version = PREFERENCE.find((v) => served.includes(v)) ?? served[0]
  if (!version) return said('lab.flow.notServed')
  const names = cache?.session === session ? cache.names : new Map<string, string>()
  for (const resource of ['flowschemas', 'prioritylevelconfigurations']) {
    const list = await session.transport.json<{
      items?: { metadata?: { uid?: string; name?: string } }[]
    }>({
      path: `/apis/${GROUP}/${version}/${resource}`,
    })
    if (!list.ok)
      return said('lab.flow.listFailed', {
        what: `${resource}.${GROUP}/${version}`,
        reason: list.error.title,
      })
    for (const item of list.value.items ?? []) {
      if (item.metadata?.uid && item.metadata.name) names.set(item.metadata.uid, item.metadata.name)
    }
  }
  cache = { session, names }
  return undefined
}

/** The names behind the UIDs, read as the kubeconfig user and cached per session. */
export async function resolveFlowNames(
  session: ClusterSession,
  flowSchemaUid: string | undefined,
  priorityLevelUid: string | undefined,
  verb?: string,
): Promise<LabResult['flow']> {
  if (!flowSchemaUid && !priorityLevelUid) {
    const note = said(verb === 'watch' ? 'lab.flow.noHeadersWatch' : 'lab.flow.noHeaders')
    return { note: note.text, noteSaid: note.as }
  }
  const known = (uid?: string) => !uid || (cache?.session === session && cache.names.has(uid))
  let note: Said | undefined
  if (!known(flowSchemaUid) || !known(priorityLevelUid)) note = await refresh(session)
  const nameOf = (uid: string) => (cache?.session === session ? cache.names.get(uid) : undefined)
  const entry = (uid: string | undefined) => {
    if (!uid) return undefined
    const name = nameOf(uid)
    return name ? { uid, name } : { uid }
  }
  const flowSchema = entry(flowSchemaUid)
  const priorityLevel = entry(priorityLevelUid)
  return {
    ...(flowSchema ? { flowSchema } : {}),
    ...(priorityLevel ? { priorityLevel } : {}),
    ...(note ? { note: note.text, noteSaid: note.as } : {}),
  }
}
