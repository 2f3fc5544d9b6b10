// Starts a real Kubernetes control plane on free loopback ports: etcd, kube-apiserver (minikube's
// admission plugins, an audit policy), kube-controller-manager and kube-scheduler, with PKI and
// kubeconfigs for an admin, a restricted viewer and a context whose CA is wrong.
// See ../../../shared/guides/test-cluster.md. One per test run; stopped by pid at the end.
import { execFileSync, spawn } from 'node:child_process'
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import https from 'node:https'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
// The test cluster audits with exactly the policy and webhook file Apiscope gives minikube users.
import { RECOMMENDED_POLICY, webhookKubeconfig } from '../../src-main/features/traffic/audit-setup'
import { writeKubeconfig } from './kubeconfig-files'
import { FRONT_PROXY_CLIENT_CN, makePki } from './pki'

const here = path.dirname(fileURLToPath(import.meta.url))
/** The checkout; benchmarks bundled elsewhere say where it is through APISCOPE_REPO_ROOT. */
export const REPO_ROOT = process.env.APISCOPE_REPO_ROOT ?? path.resolve(here, '../..')

/** What the tests need to know about the running control plane; written to a JSON state file. */
export interface ClusterInfo {
  dir: string
  binDir: string
  server: string
  etcdEndpoint: string
  /** One file with contexts ADMIN_CONTEXT (current), VIEWER_CONTEXT and WRONG_CA_CONTEXT. */
  kubeconfig: string
  auditLog: string
  /**
   * Where kube-apiserver posts audit batches (batch mode, a loopback port reserved at start). No
   * one listens there unless a test opens Apiscope's audit webhook receiver on it.
   */
  auditWebhookUrl?: string
  pids: Record<string, number>
  /** The server's gitVersion, e.g. v1.37.2. */
  version: string
  /** The release line the harness started (APISCOPE_K8S). */
  series: K8sSeries
  viewerNamespace: string
}

export const ADMIN_CONTEXT = 'apiscope-admin'
export const VIEWER_CONTEXT = 'apiscope-viewer'
export const WRONG_CA_CONTEXT = 'apiscope-wrong-ca'
export const ADMIN_USER = 'minikube-user'
export const VIEWER_USER = 'apiscope-viewer'
export const VIEWER_NAMESPACE = 'apiscope-view'

const log = (msg: string) => process.stderr.write(`[cluster] ${msg}\n`)

/**
 * The Kubernetes release of this run's control plane: APISCOPE_K8S=1.37 (the default, what a
 * current minikube runs) or 1.20 (the oldest server Apiscope supports). One switch for every
 * script; install-binaries.sh reads the same variable.
 */
export type K8sSeries = '1.37' | '1.20'
export function k8sSeries(): K8sSeries {
  const wanted = process.env.APISCOPE_K8S ?? '1.37'
  if (wanted !== '1.37' && wanted !== '1.20')
    throw new Error(`APISCOPE_K8S=${wanted}: the test harness runs 1.37 or 1.20`)
  return wanted
}

export function resolveBinaries(series: K8sSeries = k8sSeries()): string {
  const out = execFileSync('bash', [path.join(REPO_ROOT, 'test/cluster/install-binaries.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, APISCOPE_K8S: series },
  })
  const dir = out.trim().split('\n').pop() ?? ''
  if (!existsSync(path.join(dir, 'kube-apiserver')))
    throw new Error(`install-binaries.sh printed no usable folder (${dir})`)
  return dir
}

/** One member on loopback: its data folder, client endpoint (http://127.0.0.1:N) and peer port. */
export function etcdArgs(dataDir: string, endpoint: string, peerPort: number): string[] {
  const peer = `http://127.0.0.1:${peerPort}`
  return [
    '--data-dir',
    dataDir,
    '--listen-client-urls',
    endpoint,
    '--advertise-client-urls',
    endpoint,
    '--listen-peer-urls',
    peer,
    '--initial-advertise-peer-urls',
    peer,
    '--initial-cluster',
    `default=${peer}`,
    '--log-level',
    'warn',
  ]
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

function launch(name: string, bin: string, args: string[], logDir: string): number {
  const fd = openSync(path.join(logDir, `${name}.log`), 'a')
  const child = spawn(bin, args, { stdio: ['ignore', fd, fd], detached: true })
  closeSync(fd)
  child.unref()
  if (!child.pid) throw new Error(`could not start ${name}`)
  // The pid files are the truth for stopControlPlane, also after a restart by another process.
  writeFileSync(path.join(path.dirname(logDir), 'pids', `${name}.pid`), String(child.pid))
  return child.pid
}

function get(
  url: string,
  ca: string,
  cert: string,
  key: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = https.get(
      url,
      { ca: readFileSync(ca), cert: readFileSync(cert), key: readFileSync(key), timeout: 3000 },
      (res) => {
        let body = ''
        res.on('data', (c) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', () => resolve({ status: 0, body: '' }))
    req.on('timeout', () => req.destroy())
  })
}

async function waitFor(
  what: string,
  timeoutMs: number,
  check: () => Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${what} not ready after ${timeoutMs / 1000} s`)
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

// Writes at RequestResponse so that a refusal's Status (message, causes) is in its audit event, as
// in the policy Apiscope's setup helper recommends; credentials stay at Metadata.
export interface StartOptions {
  /** Extra kube-apiserver flags, e.g. --watch-cache-sizes. */
  apiserverArgs?: string[]
}

export async function startControlPlane(options: StartOptions = {}): Promise<ClusterInfo> {
  const series = k8sSeries()
  const binDir = resolveBinaries(series)
  // Flags that 1.20 still had and later releases removed (the insecure ports went in 1.24).
  const legacy = series === '1.20'
  const bin = (name: string) => path.join(binDir, name)
  const dir = mkdtempSync(path.join(os.tmpdir(), 'apiscope-cluster-'))
  const pkiDir = path.join(dir, 'pki')
  const logDir = path.join(dir, 'logs')
  mkdirSync(pkiDir)
  mkdirSync(logDir)
  mkdirSync(path.join(dir, 'pids'))
  log(`starting in ${dir}`)
  const pki = makePki(pkiDir)
  const [etcdClient, etcdPeer, securePort] = [await freePort(), await freePort(), await freePort()]
  const server = `https://127.0.0.1:${securePort}`
  const etcdEndpoint = `http://127.0.0.1:${etcdClient}`
  const pids: Record<string, number> = {}

  pids.etcd = launch(
    'etcd',
    bin('etcd'),
    etcdArgs(path.join(dir, 'etcd'), etcdEndpoint, etcdPeer),
    logDir,
  )

  const auditPolicy = path.join(dir, 'audit-policy.yaml')
  writeFileSync(auditPolicy, RECOMMENDED_POLICY)
  const auditLog = path.join(logDir, 'audit.log')
  const auditWebhookUrl = `http://127.0.0.1:${await freePort()}/apiscope-audit`
  const auditWebhookConfig = path.join(dir, 'audit-webhook.kubeconfig')
  writeFileSync(auditWebhookConfig, webhookKubeconfig(auditWebhookUrl))
  const apiserverArgs = [
    `--etcd-servers=${etcdEndpoint}`,
    '--bind-address=127.0.0.1',
    `--secure-port=${securePort}`,
    ...(legacy ? ['--insecure-port=0'] : []),
    `--tls-cert-file=${pki.serverCert}`,
    `--tls-private-key-file=${pki.serverKey}`,
    `--client-ca-file=${pki.caCert}`,
    '--service-account-issuer=https://kubernetes.default.svc.cluster.local',
    `--service-account-key-file=${pki.saPub}`,
    `--service-account-signing-key-file=${pki.saKey}`,
    '--service-cluster-ip-range=10.96.0.0/16',
    '--authorization-mode=Node,RBAC',
    '--anonymous-auth=true',
    '--enable-admission-plugins=NamespaceLifecycle,LimitRanger,ServiceAccount,DefaultStorageClass,DefaultTolerationSeconds,NodeRestriction,MutatingAdmissionWebhook,ValidatingAdmissionWebhook,ResourceQuota',
    `--audit-policy-file=${auditPolicy}`,
    `--audit-log-path=${auditLog}`,
    '--audit-log-format=json',
    '--audit-log-maxsize=100',
    `--audit-webhook-config-file=${auditWebhookConfig}`,
    '--audit-webhook-mode=batch',
    '--audit-webhook-batch-max-wait=500ms',
    '--audit-webhook-initial-backoff=1s',
    '--allow-privileged=true',
    // The aggregation layer (test/cluster/aggregated-api-server.ts): the front proxy's client
    // certificate, the CA and names an aggregated server trusts, the headers that carry the user,
    // and routing to a Service's endpoints rather than its ClusterIP (no kube-proxy here).
    `--requestheader-client-ca-file=${pki.frontProxyCaCert}`,
    `--requestheader-allowed-names=${FRONT_PROXY_CLIENT_CN}`,
    '--requestheader-username-headers=X-Remote-User',
    '--requestheader-group-headers=X-Remote-Group',
    '--requestheader-extra-headers-prefix=X-Remote-Extra-',
    `--proxy-client-cert-file=${pki.frontProxyClientCert}`,
    `--proxy-client-key-file=${pki.frontProxyClientKey}`,
    '--enable-aggregator-routing=true',
    '--v=1',
    ...(options.apiserverArgs ?? []),
  ]
  writeFileSync(path.join(dir, 'apiserver-args.json'), JSON.stringify(apiserverArgs))
  pids.apiserver = launch('kube-apiserver', bin('kube-apiserver'), apiserverArgs, logDir)

  const admin = pki.client('admin', ADMIN_USER, ['system:masters'])
  const viewer = pki.client('viewer', VIEWER_USER)
  const kcm = pki.client('kcm', 'system:kube-controller-manager')
  const sched = pki.client('scheduler', 'system:kube-scheduler')
  const cluster = { name: 'apiscope-test', server, ca: pki.caCert }
  const kubeconfig = path.join(dir, 'kubeconfig')
  writeKubeconfig(kubeconfig, {
    clusters: [cluster, { name: 'apiscope-test-wrong-ca', server, ca: pki.otherCaCert }],
    users: [
      { name: ADMIN_USER, ...admin },
      { name: VIEWER_USER, ...viewer },
    ],
    contexts: [
      { name: ADMIN_CONTEXT, cluster: 'apiscope-test', user: ADMIN_USER },
      {
        name: VIEWER_CONTEXT,
        cluster: 'apiscope-test',
        user: VIEWER_USER,
        namespace: VIEWER_NAMESPACE,
      },
      { name: WRONG_CA_CONTEXT, cluster: 'apiscope-test-wrong-ca', user: ADMIN_USER },
    ],
    current: ADMIN_CONTEXT,
  })
  const componentConfig = (name: string, user: { cert: string; key: string }) => {
    const file = path.join(dir, `${name}.kubeconfig`)
    writeKubeconfig(file, {
      clusters: [cluster],
      users: [{ name, ...user }],
      contexts: [{ name, cluster: cluster.name, user: name }],
      current: name,
    })
    return file
  }
  const kcmConfig = componentConfig('kube-controller-manager', kcm)
  const schedConfig = componentConfig('kube-scheduler', sched)

  try {
    await waitFor('kube-apiserver /readyz', 90_000, async () => {
      if (!isAlive(pids.apiserver as number)) throw new Error('kube-apiserver exited; see its log')
      return (await get(`${server}/readyz`, pki.caCert, admin.cert, admin.key)).status === 200
    })
  } catch (error) {
    const tail = readFileSync(path.join(logDir, 'kube-apiserver.log'), 'utf8')
      .split('\n')
      .slice(-25)
      .join('\n')
    stopProcesses(pids)
    throw new Error(`${(error as Error).message}\n--- kube-apiserver.log (tail) ---\n${tail}`, {
      cause: error,
    })
  }

  pids.controllerManager = launch(
    'kube-controller-manager',
    bin('kube-controller-manager'),
    [
      `--kubeconfig=${kcmConfig}`,
      `--authentication-kubeconfig=${kcmConfig}`,
      `--authorization-kubeconfig=${kcmConfig}`,
      '--bind-address=127.0.0.1',
      '--secure-port=0',
      ...(legacy ? ['--port=0'] : []),
      `--service-account-private-key-file=${pki.saKey}`,
      `--root-ca-file=${pki.caCert}`,
      '--use-service-account-credentials=true',
      '--leader-elect=false',
      '--controllers=*,-nodeipam',
      '--v=1',
    ],
    logDir,
  )
  pids.scheduler = launch(
    'kube-scheduler',
    bin('kube-scheduler'),
    [
      `--kubeconfig=${schedConfig}`,
      `--authentication-kubeconfig=${schedConfig}`,
      `--authorization-kubeconfig=${schedConfig}`,
      '--bind-address=127.0.0.1',
      '--secure-port=0',
      ...(legacy ? ['--port=0'] : []),
      '--leader-elect=false',
      '--v=1',
    ],
    logDir,
  )

  const kubectl = (...args: string[]) =>
    execFileSync(
      bin('kubectl'),
      [`--kubeconfig=${kubeconfig}`, `--context=${ADMIN_CONTEXT}`, ...args],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    )
  kubectl('create', 'namespace', VIEWER_NAMESPACE)
  kubectl(
    'create',
    'rolebinding',
    'apiscope-viewer-view',
    '--clusterrole=view',
    `--user=${VIEWER_USER}`,
    `-n`,
    VIEWER_NAMESPACE,
  )
  // The controller-manager gives each namespace its default ServiceAccount; tests rely on it.
  await waitFor('the default ServiceAccount', 60_000, async () => {
    try {
      kubectl('get', 'serviceaccount', 'default', '-n', VIEWER_NAMESPACE)
      return true
    } catch {
      return false
    }
  })
  const version = JSON.parse(kubectl('get', '--raw', '/version')) as { gitVersion: string }
  const info: ClusterInfo = {
    dir,
    binDir,
    server,
    etcdEndpoint,
    kubeconfig,
    auditLog,
    auditWebhookUrl,
    pids,
    version: version.gitVersion,
    series,
    viewerNamespace: VIEWER_NAMESPACE,
  }
  writeFileSync(path.join(dir, 'cluster.json'), JSON.stringify(info, null, 2))
  log(`${version.gitVersion} ready at ${server} (kubeconfig ${kubeconfig})`)
  return info
}

/** The pids of every process started in this control plane's folder, read from its pid files. */
function currentPids(info: ClusterInfo): Record<string, number> {
  const dir = path.join(info.dir, 'pids')
  if (!existsSync(dir)) return info.pids
  const out: Record<string, number> = {}
  // Start order: stopProcesses stops them in reverse.
  for (const name of ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler']) {
    const file = path.join(dir, `${name}.pid`)
    if (existsSync(file)) out[name] = Number(readFileSync(file, 'utf8'))
  }
  return out
}

/**
 * Kills kube-apiserver (SIGKILL: a crash, not a shutdown) and starts it again with the same flags;
 * resolves when /readyz passes. Its watch cache starts empty at the current etcd revision.
 */
export async function restartApiserver(
  info: ClusterInfo,
  downMs = 0,
  /** Run while kube-apiserver is down (etcd is up): a change no watch can see as it happens. */
  whileDown?: () => void,
): Promise<void> {
  const pid = currentPids(info)['kube-apiserver']
  if (pid) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
    while (isAlive(pid)) await new Promise((r) => setTimeout(r, 50))
  }
  if (downMs > 0) await new Promise((r) => setTimeout(r, downMs))
  whileDown?.()
  const args = JSON.parse(
    readFileSync(path.join(info.dir, 'apiserver-args.json'), 'utf8'),
  ) as string[]
  const newPid = launch(
    'kube-apiserver',
    path.join(info.binDir, 'kube-apiserver'),
    args,
    path.join(info.dir, 'logs'),
  )
  const pki = path.join(info.dir, 'pki')
  await waitFor('kube-apiserver /readyz after restart', 90_000, async () => {
    if (!isAlive(newPid)) throw new Error('kube-apiserver exited after restart; see its log')
    return (
      (
        await get(
          `${info.server}/readyz`,
          path.join(pki, 'ca.crt'),
          path.join(pki, 'admin.crt'),
          path.join(pki, 'admin.key'),
        )
      ).status === 200
    )
  })
}

export function stopProcesses(pids: Record<string, number>): void {
  // Reverse start order: components first, etcd last.
  for (const pid of Object.values(pids).reverse()) {
    try {
      process.kill(pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + 10_000
  for (const pid of Object.values(pids)) {
    while (isAlive(pid) && Date.now() < deadline) execFileSync('sleep', ['0.1'])
    if (isAlive(pid)) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // gone meanwhile
      }
    }
  }
}

/** Stops every process; keeps the logs in keepLogsIn when given (a failed run), else removes the folder. */
export function stopControlPlane(info: ClusterInfo, keepLogsIn?: string): void {
  stopProcesses(currentPids(info))
  if (keepLogsIn) {
    mkdirSync(keepLogsIn, { recursive: true })
    cpSync(path.join(info.dir, 'logs'), keepLogsIn, { recursive: true })
    log(`logs kept in ${keepLogsIn}`)
  }
  rmSync(info.dir, { recursive: true, force: true })
}

export function readClusterInfo(file: string): ClusterInfo {
  return JSON.parse(readFileSync(file, 'utf8')) as ClusterInfo
}
