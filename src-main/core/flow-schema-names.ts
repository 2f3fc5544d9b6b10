// The names behind the UIDs a 429 from API Priority and Fairness carries
// (X-Kubernetes-PF-FlowSchema-UID, X-Kubernetes-PF-PriorityLevel-UID), for a watch's status: the
// FlowSchemas and PriorityLevelConfigurations are listed (as the kubeconfig user) in the newest
// flowcontrol.apiserver.k8s.io version that answers, and listed again when a UID is new.
// https://kubernetes.io/docs/concepts/cluster-administration/flow-control/#diagnostics
import type { KubeTransport } from './kube-transport'

const GROUP = 'flowcontrol.apiserver.k8s.io'
const NEWEST_FIRST = ['v1', 'v1beta3', 'v1beta2', 'v1beta1']

export class FlowSchemaNames {
  private readonly names = new Map<string, string>()
  private version: string | null = null
  private pending: Promise<void> | null = null

  constructor(private readonly transport: KubeTransport) {}

  private async list(): Promise<void> {
    for (const version of this.version ? [this.version] : NEWEST_FIRST) {
      let found = false
      for (const resource of ['flowschemas', 'prioritylevelconfigurations']) {
        const res = await this.transport.json<{
          items?: { metadata?: { uid?: string; name?: string } }[]
        }>({ path: `/apis/${GROUP}/${version}/${resource}`, timeoutMs: 5000 })
        if (!res.ok) break
        found = true
        for (const item of res.value.items ?? []) {
          if (item.metadata?.uid && item.metadata.name)
            this.names.set(item.metadata.uid, item.metadata.name)
        }
      }
      if (found) {
        this.version = version
        return
      }
    }
  }

  /** Null for a UID that no listing named (not readable by this user, or not served). */
  async resolve(
    flowSchemaUid: string | undefined,
    priorityLevelUid: string | undefined,
  ): Promise<{ flowSchema: string | null; priorityLevel: string | null }> {
    const unknown = [flowSchemaUid, priorityLevelUid].some((u) => u && !this.names.has(u))
    if (unknown) {
      this.pending ??= this.list().finally(() => (this.pending = null))
      await this.pending
    }
    const name = (uid: string | undefined) => (uid ? (this.names.get(uid) ?? null) : null)
    return { flowSchema: name(flowSchemaUid), priorityLevel: name(priorityLevelUid) }
  }
}
