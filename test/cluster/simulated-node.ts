// A SIMULATED node agent, for a control plane that has no kubelet (no container runtime here). It
// does, through the API and nothing else, the three things a kubelet does that the rest of the
// cluster can see: register a Node, renew its Lease in kube-node-lease, and report the Pods bound
// to it as Running and Ready through pods/status. It runs no container. Named "simulated" in the
// Node's labels, its Lease holder, its field manager and its kubeletVersion.
//
// Standalone, for demos: `npx tsx --tsconfig tsconfig.node.json test/cluster/simulated-node.ts
// STATE_FILE [NODE_NAME]` (a cluster-cli state file, or a kubeconfig path), until Ctrl-C.
import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { contextConfig } from '../../src-main/core/client-config'
import { KubeTransport, type KubeRequest } from '../../src-main/core/kube-transport'
import { loadKubeconfig } from '../../src-main/core/kubeconfig-loader'
import { RequestLog } from '../../src-main/core/request-log'

const SIMULATED_LABEL = 'apiscope.io/simulated-node'
export const SIMULATED_MANAGER = 'apiscope-simulated-node'

export interface SimulatedNodeOptions {
  name: string
  /** Lease renewal period; a kubelet's default is 10 s. */
  renewEveryMs?: number
  /** How often bound Pods are looked at. */
  podPollMs?: number
  leaseDurationSeconds?: number
}

interface PodLite {
  metadata: { name: string; namespace: string; deletionTimestamp?: string; uid: string }
  spec: { containers: { name: string; image: string }[] }
  status?: {
    phase?: string
    conditions?: { type: string; status: string; lastTransitionTime?: string }[]
  }
}

const microTime = (d = new Date()) => d.toISOString().replace(/Z$/, '000Z')

export class SimulatedNode {
  private renewTimer: NodeJS.Timeout | null = null
  private podTimer: NodeJS.Timeout | null = null
  private podIp = 10
  readonly name: string
  private readonly opts: Required<SimulatedNodeOptions>

  constructor(
    private readonly transport: KubeTransport,
    options: SimulatedNodeOptions,
  ) {
    this.opts = { renewEveryMs: 10_000, podPollMs: 500, leaseDurationSeconds: 40, ...options }
    this.name = options.name
  }

  /** Builds one from a kubeconfig file and context (the admin's: NodeRestriction limits real node credentials). */
  static fromKubeconfig(
    kubeconfig: string,
    context: string | undefined,
    options: SimulatedNodeOptions,
  ) {
    const merged = loadKubeconfig({ KUBECONFIG: kubeconfig }, '/nonexistent')
    if (!merged.ok) throw new Error(merged.error.title)
    const name = context ?? merged.value.currentContext
    if (!name) throw new Error('no context')
    const config = contextConfig(merged.value, name)
    if (!config.ok) throw new Error(config.error.title)
    return new SimulatedNode(new KubeTransport(config.value, new RequestLog(200)), options)
  }

  private async send(req: KubeRequest, okStatuses: number[] = [200, 201]): Promise<unknown> {
    const res = await this.transport.request(req)
    if (!okStatuses.includes(res.status)) {
      throw new Error(`${req.method ?? 'GET'} ${req.path}: ${res.status} ${res.body.slice(0, 300)}`)
    }
    return res.body ? (JSON.parse(res.body) as unknown) : null
  }

  async start(): Promise<void> {
    await this.register()
    await this.resume()
  }

  /** Heartbeats and Pod reports again, after pause(). */
  async resume(): Promise<void> {
    await this.renew()
    this.renewTimer ??= setInterval(
      () => void this.renew().catch(() => undefined),
      this.opts.renewEveryMs,
    )
    this.podTimer ??= setInterval(
      () => void this.syncPods().catch(() => undefined),
      this.opts.podPollMs,
    )
  }

  private async register(): Promise<void> {
    await this.send(
      {
        method: 'POST',
        path: '/api/v1/nodes',
        body: {
          apiVersion: 'v1',
          kind: 'Node',
          metadata: {
            name: this.name,
            labels: {
              [SIMULATED_LABEL]: 'true',
              'kubernetes.io/hostname': this.name,
              'kubernetes.io/os': 'linux',
            },
          },
        },
      },
      [201, 409],
    )
    await this.reportNodeStatus()
  }

  private async reportNodeStatus(): Promise<void> {
    const now = new Date().toISOString()
    const capacity = { cpu: '4', memory: '8Gi', pods: '110' }
    const condition = (type: string, status: string, reason: string, message: string) => ({
      type,
      status,
      reason,
      message,
      lastHeartbeatTime: now,
      lastTransitionTime: now,
    })
    await this.send({
      method: 'PATCH',
      path: `/api/v1/nodes/${this.name}/status`,
      query: { fieldManager: SIMULATED_MANAGER },
      contentType: 'application/strategic-merge-patch+json',
      body: {
        status: {
          capacity,
          allocatable: capacity,
          conditions: [
            condition('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'simulated'),
            condition('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'simulated'),
            condition('PIDPressure', 'False', 'KubeletHasSufficientPID', 'simulated'),
            condition(
              'Ready',
              'True',
              'KubeletReady',
              'simulated node agent (Apiscope test harness) is posting ready status',
            ),
          ],
          addresses: [{ type: 'InternalIP', address: '127.0.0.1' }],
          nodeInfo: {
            kubeletVersion: 'v0.0.0-simulated',
            kubeProxyVersion: 'v0.0.0-simulated',
            containerRuntimeVersion: 'simulated://0',
            operatingSystem: 'linux',
            architecture: 'amd64',
            osImage: 'Apiscope simulated node',
            kernelVersion: 'simulated',
            machineID: this.name,
            systemUUID: this.name,
            bootID: this.name,
          },
        },
      },
    })
  }

  /** One heartbeat: create the Lease the first time, then move its renewTime. */
  async renew(): Promise<void> {
    const path = `/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${this.name}`
    const spec = {
      holderIdentity: this.name,
      leaseDurationSeconds: this.opts.leaseDurationSeconds,
      renewTime: microTime(),
    }
    const res = await this.transport.request({
      method: 'PATCH',
      path,
      query: { fieldManager: SIMULATED_MANAGER },
      contentType: 'application/merge-patch+json',
      body: { spec },
    })
    if (res.status === 404) {
      await this.send({
        method: 'POST',
        path: '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases',
        query: { fieldManager: SIMULATED_MANAGER },
        body: {
          apiVersion: 'coordination.k8s.io/v1',
          kind: 'Lease',
          metadata: { name: this.name },
          spec,
        },
      })
    }
  }

  /** Reports bound Pods Running and Ready; finishes the deletion of deleted ones, as a kubelet does. */
  async syncPods(): Promise<void> {
    const list = (await this.send({
      path: '/api/v1/pods',
      query: { fieldSelector: `spec.nodeName=${this.name}` },
    })) as { items: PodLite[] }
    for (const pod of list.items) {
      const { name, namespace } = pod.metadata
      if (pod.metadata.deletionTimestamp) {
        await this.send(
          {
            method: 'DELETE',
            path: `/api/v1/namespaces/${namespace}/pods/${name}`,
            body: { gracePeriodSeconds: 0, preconditions: { uid: pod.metadata.uid } },
          },
          [200, 404, 409],
        )
        continue
      }
      const ready = pod.status?.conditions?.find((c) => c.type === 'Ready')
      if (pod.status?.phase === 'Running' && ready?.status === 'True') continue
      const now = new Date().toISOString()
      const cond = (type: string) => ({
        type,
        status: 'True',
        lastProbeTime: null,
        lastTransitionTime: now,
      })
      await this.send({
        method: 'PATCH',
        path: `/api/v1/namespaces/${namespace}/pods/${name}/status`,
        query: { fieldManager: SIMULATED_MANAGER },
        contentType: 'application/strategic-merge-patch+json',
        body: {
          status: {
            phase: 'Running',
            hostIP: '127.0.0.1',
            podIP: `10.244.0.${(this.podIp++ % 250) + 2}`,
            startTime: now,
            conditions: [cond('Initialized'), cond('ContainersReady'), cond('Ready')],
            containerStatuses: pod.spec.containers.map((c) => ({
              name: c.name,
              image: c.image,
              imageID: `simulated://${c.image}`,
              containerID: `simulated://${namespace}/${name}/${c.name}`,
              ready: true,
              started: true,
              restartCount: 0,
              state: { running: { startedAt: now } },
            })),
          },
        },
      })
    }
  }

  /** Stops heartbeats and Pod reports: the node goes quiet (the node controller will notice). */
  pause(): void {
    if (this.renewTimer) clearInterval(this.renewTimer)
    if (this.podTimer) clearInterval(this.podTimer)
    this.renewTimer = null
    this.podTimer = null
  }

  /** Stops, and removes the Node and its Lease unless told to leave them. */
  async stop(removeNode = true): Promise<void> {
    this.pause()
    if (removeNode) {
      await this.transport.request({
        method: 'DELETE',
        path: `/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${this.name}`,
      })
      await this.transport.request({ method: 'DELETE', path: `/api/v1/nodes/${this.name}` })
    }
    this.transport.close()
  }
}

async function main(): Promise<void> {
  const [target, name = 'simulated-node-1'] = process.argv.slice(2)
  if (!target) {
    console.error('usage: simulated-node.ts STATE_FILE|KUBECONFIG [NODE_NAME]')
    process.exit(2)
  }
  let kubeconfig = target
  let context: string | undefined
  if (target.endsWith('.json')) {
    const { readClusterInfo, ADMIN_CONTEXT } = await import('./control-plane')
    kubeconfig = readClusterInfo(target).kubeconfig
    context = ADMIN_CONTEXT
  }
  const node = SimulatedNode.fromKubeconfig(kubeconfig, context, { name })
  await node.start()
  console.log(
    `[simulated node] ${name} registered; renewing its Lease every 10 s. Ctrl-C stops it and removes the Node.`,
  )
  const stop = () => void node.stop().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

const invoked = process.argv[1] ? realpathSync(process.argv[1]) : ''
if (invoked === realpathSync(fileURLToPath(import.meta.url))) void main()
