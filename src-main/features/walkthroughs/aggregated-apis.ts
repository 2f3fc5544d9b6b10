// Which groups and versions the aggregation layer hands to another server: the APIServices whose
// spec.service names a Service (metrics-server's v1beta1.metrics.k8s.io), against the Local ones
// kube-apiserver serves itself. Read from apiregistration.k8s.io/v1 (served from 1.10 on, so on
// 1.20 and 1.37 alike) once, until forget(); a request to such a group is drawn with the
// aggregation stage.
import type { KubeTransport } from '../../core/kube-transport'

interface ApiServiceList {
  items?: { spec?: { group?: string; version?: string; service?: { name?: string } | null } }[]
}

/** "metrics.k8s.io/v1beta1" from /apis/metrics.k8s.io/v1beta1/...; undefined for the core group. */
export function groupVersionOf(path: string): string | undefined {
  const m = /^\/apis\/([^/]+)\/([^/?]+)/.exec(path)
  return m ? `${m[1]}/${m[2]}` : undefined
}

export class AggregatedApis {
  private served: Promise<Set<string>> | null = null

  constructor(private readonly transport: KubeTransport) {}

  /** The group/versions served by another server; empty when APIServices cannot be listed. */
  relayed(): Promise<Set<string>> {
    this.served ??= this.transport
      .json<ApiServiceList>({ path: '/apis/apiregistration.k8s.io/v1/apiservices' })
      .then((res) =>
        res.ok
          ? new Set(
              (res.value.items ?? [])
                .filter((s) => s.spec?.service?.name)
                .map((s) => `${s.spec?.group ?? ''}/${s.spec?.version ?? ''}`),
            )
          : new Set<string>(),
      )
    return this.served
  }

  /** Whether a request to this path is relayed by the aggregation layer. */
  async isRelayed(path: string): Promise<boolean> {
    const gv = groupVersionOf(path)
    return gv !== undefined && (await this.relayed()).has(gv)
  }

  /** Read again on the next question (an APIService was created or deleted). */
  forget(): void {
    this.served = null
  }
}
