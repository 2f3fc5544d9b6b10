// A second, real kube-apiserver beside the test control plane that audits Secrets and tokens at
// RequestResponse level, which the control plane's own policy (the one Apiscope recommends) never
// does: the redaction tests need audit events that carry a Secret's values and a token. Same
// binaries, PKI and flags as the control plane's API server (apiserver-args.json), its own etcd on
// loopback ports, its own audit policy and JSON log, no audit webhook. No controller-manager: what
// the tests need (a namespace, a ServiceAccount) they create. Stopped by pid.
import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs'
import https from 'node:https'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { etcdArgs, type ClusterInfo } from './control-plane'

/** Bodies of everything about Secrets and tokens; nothing else. */
export const REQUEST_RESPONSE_POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: ["RequestReceived"]
rules:
  - level: RequestResponse
    resources:
      - group: ""
        resources: ["secrets", "serviceaccounts/token"]
      - group: "authentication.k8s.io"
        resources: ["tokenreviews"]
  - level: None
`

export interface AuditedApiserver {
  server: string
  /** The control plane's kubeconfig with every server pointed here (context ADMIN_CONTEXT). */
  kubeconfig: string
  auditLog: string
  stop(): Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port
      srv.close(() => resolve(port))
    })
  })
}

function ready(server: string, pki: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = https.get(
      `${server}/readyz`,
      {
        ca: readFileSync(path.join(pki, 'ca.crt')),
        cert: readFileSync(path.join(pki, 'admin.crt')),
        key: readFileSync(path.join(pki, 'admin.key')),
        timeout: 3000,
      },
      (res) => {
        res.resume()
        resolve(res.statusCode === 200)
      },
    )
    req.on('error', () => resolve(false))
    req.on('timeout', () => req.destroy())
  })
}

const REPLACED = [
  '--etcd-servers=',
  '--secure-port=',
  '--audit-policy-file=',
  '--audit-log-path=',
  '--audit-webhook-',
]

/** extraArgs: more kube-apiserver flags (e.g. --feature-gates=WatchList=false for a gate turned off). */
export async function startAuditedApiserver(
  cluster: ClusterInfo,
  extraArgs: string[] = [],
): Promise<AuditedApiserver> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'apiscope-audited-'))
  const [etcdClient, etcdPeer, securePort] = [await freePort(), await freePort(), await freePort()]
  const etcdEndpoint = `http://127.0.0.1:${etcdClient}`
  const server = `https://127.0.0.1:${securePort}`
  const children: ChildProcess[] = []
  const launch = (name: string, args: string[]) => {
    const fd = openSync(path.join(dir, `${name}.log`), 'a')
    const child = spawn(path.join(cluster.binDir, name), args, { stdio: ['ignore', fd, fd] })
    closeSync(fd)
    if (!child.pid) throw new Error(`could not start ${name}`)
    children.push(child)
    return child
  }
  /** Stops the API server, then etcd, each by its own pid; SIGKILL after 10 s. */
  const stop = async () => {
    for (const child of children.splice(0).reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
  }
  launch('etcd', etcdArgs(path.join(dir, 'etcd'), etcdEndpoint, etcdPeer))
  const policy = path.join(dir, 'audit-policy.yaml')
  writeFileSync(policy, REQUEST_RESPONSE_POLICY)
  const auditLog = path.join(dir, 'audit.log')
  const base = JSON.parse(
    readFileSync(path.join(cluster.dir, 'apiserver-args.json'), 'utf8'),
  ) as string[]
  const apiserver = launch('kube-apiserver', [
    ...base.filter((a) => !REPLACED.some((r) => a.startsWith(r))),
    `--etcd-servers=${etcdEndpoint}`,
    `--secure-port=${securePort}`,
    `--audit-policy-file=${policy}`,
    `--audit-log-path=${auditLog}`,
    ...extraArgs,
  ])
  const pki = path.join(cluster.dir, 'pki')
  const deadline = Date.now() + 90_000
  while (!(await ready(server, pki))) {
    if (apiserver.exitCode !== null || Date.now() > deadline) {
      await stop()
      const log = readFileSync(path.join(dir, 'kube-apiserver.log'), 'utf8')
      throw new Error(
        `the audited kube-apiserver did not start:\n${log.split('\n').slice(-20).join('\n')}`,
      )
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  const kubeconfig = path.join(dir, 'kubeconfig')
  writeFileSync(
    kubeconfig,
    readFileSync(cluster.kubeconfig, 'utf8').split(cluster.server).join(server),
  )
  return { server, kubeconfig, auditLog, stop }
}
