// The kubectl proxy (#17) against the real API server, with the real kubectl of the server's own
// release (the harness's bin folder): every command runs twice, through the proxy and straight to
// the cluster, and prints the same; each request the proxy relays shows in the request log (method,
// URL, status, the client named from its User-Agent) and in the live-traffic stream (verb, path,
// code, the stage verdict). Also: the proxy's credential is required, its kubeconfig is 0600 and
// gone after stop, connection upgrades are refused with a reason, and a canary Secret read and
// written through the proxy is in no pushed frame, no -v=8 detail and no recording.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import https from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import type { RequestLogEntry } from '@common/kube-types'
import type { KubectlProxyStatus, RelayedExchangeDetail } from '@features/kubectl-proxy/messages'
import type { TrafficBatch, TrafficRequest } from '@features/traffic/messages'
import { REDACTED } from '@common/redaction'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { ADMIN_CONTEXT, VIEWER_CONTEXT } from '../cluster/control-plane'
import { kubectlWith, type KubectlRun } from './cli-run'
import { cluster, coreFor, createNamespace, kubectl, onOldest, unwrap, waitUntil } from './helpers'

const CANARY = `apiscope-canary-${Math.random().toString(36).slice(2, 10)}`
const B64 = Buffer.from(CANARY).toString('base64')
const home = mkdtempSync(path.join(tmpdir(), 'apiscope-kubectl-home-'))

interface Watched {
  core: ApiscopeCore
  pushed: { channel: string; payload: unknown }[]
  log: RequestLogEntry[]
  traffic: Map<string, TrafficRequest>
  proxy: KubectlProxyStatus
}

async function watchedCore(context: string): Promise<Watched> {
  const core = coreFor()
  const w: Watched = { core, pushed: [], log: [], traffic: new Map(), proxy: null as never }
  core.onEvent((channel, payload) => {
    w.pushed.push({ channel, payload })
    if (channel === 'kube:request-logged') w.log.push(payload as RequestLogEntry)
    if (channel === 'traffic:batch')
      for (const r of (payload as TrafficBatch).requests) w.traffic.set(r.auditId, r)
  })
  unwrap(await core.invoke('kube:connect', { context }))
  w.proxy = unwrap<KubectlProxyStatus>(await core.invoke('proxy:start', {}))
  return w
}

/** kubectl of the server's release, asynchronously: the proxy runs in this process. */
const run = (args: string[], kubeconfigArgs: string[]) => kubectlWith(kubeconfigArgs, home, args)

const viaProxy = (w: Watched) => [`--kubeconfig=${w.proxy.kubeconfigPath}`]
const direct = (context = ADMIN_CONTEXT) => [
  `--kubeconfig=${cluster().kubeconfig}`,
  `--context=${context}`,
]

/** Ages and resource versions move between two runs a second apart; nothing else may differ. */
function same(text: string): string {
  return text
    .replace(/\b\d+(?:\.\d+)?(?:s|m|h|d)(?:\d+(?:s|m|h))?\b/g, '<age>')
    .replace(/ +/g, ' ')
    .trim()
}

/** The command through the proxy and straight to the cluster: the same output, the same code. */
async function both(w: Watched, args: string[], context = ADMIN_CONTEXT): Promise<KubectlRun> {
  const proxied = await run(args, viaProxy(w))
  const straight = await run(args, direct(context))
  expect(same(proxied.stdout)).toBe(same(straight.stdout))
  expect(same(proxied.stderr)).toBe(same(straight.stderr))
  expect(proxied.code).toBe(straight.code)
  return proxied
}

/** The relayed requests logged since `mark` (a log length), and their live-traffic rows. */
async function relayedSince(w: Watched, mark: number, atLeast = 1) {
  const entries = await waitUntil('relayed requests in the log', 10_000, () => {
    const found = w.log.slice(mark).filter((e) => e.relayed)
    return found.length >= atLeast && found
  })
  return entries
}

async function trafficFor(w: Watched, method: string, pathPrefix: string): Promise<TrafficRequest> {
  return waitUntil(`live traffic for ${method} ${pathPrefix}`, 10_000, () =>
    [...w.traffic.values()].find(
      (r) =>
        r.uri.startsWith(pathPrefix) &&
        (r.verb === method || (method === 'GET' && ['get', 'list', 'watch'].includes(r.verb))),
    ),
  )
}

function findLogged(entries: RequestLogEntry[], method: string, pathPart: string | RegExp) {
  const found = entries.find(
    (e) =>
      e.method === method &&
      (typeof pathPart === 'string' ? e.url.includes(pathPart) : pathPart.test(e.url)),
  )
  expect(
    found,
    `${method} ${pathPart} in ${entries.map((e) => `${e.method} ${e.url}`).join('\n')}`,
  ).toBeDefined()
  return found as RequestLogEntry
}

const kubectlClient = () => `kubectl/${cluster().version.split('+')[0]}`

let admin: Watched
let ns: string

beforeAll(async () => {
  ns = createNamespace('kproxy')
  admin = await watchedCore(ADMIN_CONTEXT)
}, 60_000)

afterAll(async () => {
  await admin?.core.close()
  kubectl('delete', 'namespace', ns, '--wait=false')
})

describe('the proxy and its kubeconfig', () => {
  it('writes a kubeconfig of its own, 0600 in a 0700 folder, without the user’s credentials', () => {
    const file = admin.proxy.kubeconfigPath as string
    expect(admin.proxy.line).toBe(`export KUBECONFIG=${file}`)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700)
    const written = parseYaml(readFileSync(file, 'utf8')) as {
      clusters: { cluster: { server: string } }[]
      users: { user: Record<string, string> }[]
    }
    expect(written.clusters[0]?.cluster.server).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    expect(Object.keys(written.users[0]?.user ?? {})).toEqual(['token'])
    // The user's real key and certificate are in the cluster's kubeconfig, never in this one.
    const real = parseYaml(readFileSync(cluster().kubeconfig, 'utf8')) as {
      users: { user: Record<string, string> }[]
    }
    const text = readFileSync(file, 'utf8')
    for (const u of real.users)
      for (const v of Object.values(u.user)) if (v.length > 20) expect(text).not.toContain(v)
  })

  it('refuses a request without the proxy’s credential, and one with another token', async () => {
    const ca = Buffer.from(
      (
        parseYaml(readFileSync(admin.proxy.kubeconfigPath as string, 'utf8')) as {
          clusters: { cluster: Record<string, string> }[]
        }
      ).clusters[0]?.cluster['certificate-authority-data'] ?? '',
      'base64',
    )
    const ask = (headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = https.request(
          `${admin.proxy.address}/api/v1/namespaces`,
          { ca, headers },
          (res) => {
            let body = ''
            res.on('data', (c: Buffer) => (body += c.toString()))
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
          },
        )
        req.on('error', reject)
        req.end()
      })
    const mark = admin.log.length
    const none = await ask({})
    const wrong = await ask({ Authorization: 'Bearer not-the-proxy-token' })
    for (const answer of [none, wrong]) {
      expect(answer.status).toBe(401)
      expect(JSON.parse(answer.body)).toMatchObject({ kind: 'Status', reason: 'Unauthorized' })
      expect(answer.body).toContain('does not carry the proxy’s credential')
    }
    // Nothing was relayed: no request went to the API server for them.
    expect(admin.log.slice(mark).filter((e) => e.relayed)).toEqual([])
  })
})

describe('kubectl through the proxy', () => {
  it('get: the seed’s requests (discovery, then the list with limit=500) as a Table list', async () => {
    kubectl('create', 'configmap', 'tableau', '-n', ns, '--from-literal=a=1')
    const mark = admin.log.length
    const out = await both(admin, ['get', 'configmaps', '-n', ns])
    expect(out.stdout).toMatch(/^NAME\s+DATA\s+AGE/)
    const entries = await relayedSince(admin, mark)
    const list = findLogged(entries, 'GET', `/api/v1/namespaces/${ns}/configmaps?limit=500`)
    expect(list.status).toBe(200)
    expect(list.relayed?.client).toBe(kubectlClient())
    const detail = unwrap<RelayedExchangeDetail>(
      await admin.core.invoke('proxy:detail', { seq: list.seq }),
    )
    // The Table list: kubectl asks for meta.k8s.io Tables, and the server answers one.
    const accept = detail.requestHeaders.find(([k]) => k.toLowerCase() === 'accept')?.[1]
    expect(accept).toContain('as=Table')
    expect(detail.responseBody?.text).toContain('"kind":"Table"')
    expect(detail.requestHeaders.find(([k]) => k === 'Authorization')?.[1]).toBe('Bearer <masked>')
    const row = await trafficFor(admin, 'GET', `/api/v1/namespaces/${ns}/configmaps?limit=500`)
    expect(row).toMatchObject({ verb: 'list', code: 200, stoppedAt: 'done', client: 'kubectl' })
    expect(row.clientLabel).toBe('kubectl')
    expect(row.resource).toBe('configmaps')
    expect(row.namespace).toBe(ns)
    // Discovery: unless kubectl's cache (per server address) already holds it.
    const discovery = entries.filter((e) => /\/(api|apis)\?timeout=/.test(e.url))
    if (discovery.length > 0) expect(discovery.every((e) => e.status === 200)).toBe(true)
  })

  it('get --raw /readyz?verbose: a non-resource URL, as the server printed it', async () => {
    const mark = admin.log.length
    const out = await both(admin, ['get', '--raw', '/readyz?verbose'])
    expect(out.stdout).toContain('readyz check passed')
    const entries = await relayedSince(admin, mark)
    expect(findLogged(entries, 'GET', '/readyz?verbose').status).toBe(200)
    const row = await trafficFor(admin, 'GET', '/readyz?verbose')
    expect(row).toMatchObject({ verb: 'get', code: 200, stoppedAt: 'done', resource: '' })
  })

  it('a big answer streams through gzipped, the same bytes, only its first part kept to show', async () => {
    const mark = admin.log.length
    const proxied = await run(['get', '--raw', '/openapi/v2'], viaProxy(admin))
    const straight = await run(['get', '--raw', '/openapi/v2'], direct())
    expect(proxied.code).toBe(0)
    expect(proxied.stdout.length).toBeGreaterThan(1_000_000)
    expect(proxied.stdout === straight.stdout).toBe(true)
    const entries = await relayedSince(admin, mark)
    const big = findLogged(entries, 'GET', '/openapi/v2')
    const detail = unwrap<RelayedExchangeDetail>(
      await admin.core.invoke('proxy:detail', { seq: big.seq }),
    )
    expect(detail.responseBody).toMatchObject({ gzip: true, truncated: true })
    expect(detail.responseBody?.text.length).toBeLessThanOrEqual(256 * 1024)
    expect(detail.responseBody?.text).toMatch(/^\{"swagger":"2\.0"/)
  })

  it('get -w: the watch streams through, each event as it comes, and is cut cleanly', async () => {
    kubectl('create', 'configmap', 'veille', '-n', ns, '--from-literal=n=0')
    const mark = admin.log.length
    const spawnWatch = (kubeconfigArgs: string[]) => {
      const child = spawn(
        path.join(cluster().binDir, 'kubectl'),
        [...kubeconfigArgs, 'get', 'configmap', 'veille', '-n', ns, '-w'],
        { env: { PATH: process.env.PATH ?? '', HOME: home } },
      )
      const out = { text: '', child }
      child.stdout.on('data', (c: Buffer) => (out.text += c.toString()))
      return out
    }
    const lines = (t: string) => t.split('\n').filter(Boolean).length
    const proxied = spawnWatch(viaProxy(admin))
    const straight = spawnWatch(direct())
    try {
      await waitUntil('both watches print the object', 15_000, () => {
        return lines(proxied.text) >= 2 && lines(straight.text) >= 2
      })
      // The watch request is open (logged when its headers came, as kubectl -v=6 does).
      const watch = await waitUntil('the relayed watch', 10_000, () =>
        admin.log.slice(mark).find((e) => e.relayed && /[?&]watch=true/.test(e.url)),
      )
      expect(watch.status).toBe(200)
      kubectl('patch', 'configmap', 'veille', '-n', ns, '--type=merge', '-p', '{"data":{"n":"1"}}')
      await waitUntil('both watches print the change', 15_000, () => {
        return lines(proxied.text) >= 3 && lines(straight.text) >= 3
      })
      expect(same(proxied.text)).toBe(same(straight.text))
      const open = unwrap<RelayedExchangeDetail>(
        await admin.core.invoke('proxy:detail', { seq: watch.seq }),
      )
      expect(open.state).toBe('open')
      expect(open.responseBody?.text).toContain('"type":"MODIFIED"')
      const ended = (c: ChildProcess) => new Promise((r) => c.once('exit', r))
      const exits = [ended(proxied.child), ended(straight.child)]
      proxied.child.kill('SIGINT')
      straight.child.kill('SIGINT')
      await Promise.all(exits)
      expect(proxied.child.exitCode).toBe(straight.child.exitCode)
      // kubectl went away: the relayed watch to the API server ends with it.
      let state = 'open'
      for (let i = 0; i < 100 && state === 'open'; i++) {
        await new Promise((r) => setTimeout(r, 100))
        const d = await admin.core.invoke('proxy:detail', { seq: watch.seq })
        state = d.ok ? (d.value as RelayedExchangeDetail).state : 'gone'
      }
      expect(state).toBe('cut')
      const row = await waitUntil('the watch in live traffic', 10_000, () =>
        [...admin.traffic.values()].find((r) => r.verb === 'watch' && r.name === 'veille'),
      )
      expect(row).toMatchObject({ code: 200, resource: 'configmaps', namespace: ns })
    } finally {
      proxied.child.kill('SIGKILL')
      straight.child.kill('SIGKILL')
    }
  }, 60_000)

  it('apply --server-side, then its conflict with another manager (409)', async () => {
    const manifest = (name: string, value: string) => {
      const file = path.join(home, `${name}-${value}.json`)
      writeFileSync(
        file,
        JSON.stringify({
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name, namespace: ns },
          data: { replicas: value },
        }),
      )
      return file
    }
    const firsts: string[] = []
    for (const [via, name] of [
      ['proxy', 'ssa-p'],
      ['direct', 'ssa-d'],
    ] as const) {
      const where = via === 'proxy' ? viaProxy(admin) : direct()
      const first = await run(
        ['apply', '--server-side', '--field-manager=equipe-a', '-f', manifest(name, '1')],
        where,
      )
      expect(first.code, first.stderr).toBe(0)
      firsts.push(first.stdout.replaceAll(name, 'NAME'))
    }
    expect(firsts[0]).toBe(firsts[1])
    expect(firsts[0]).toContain('configmap/NAME serverside-applied')
    const mark = admin.log.length
    const conflict = async (name: string, where: string[]) => {
      const r = await run(
        ['apply', '--server-side', '--field-manager=equipe-b', '-f', manifest(name, '2')],
        where,
      )
      return { ...r, stderr: r.stderr.replaceAll(name, 'NAME') }
    }
    const proxied = await conflict('ssa-p', viaProxy(admin))
    const straight = await conflict('ssa-d', direct())
    expect(proxied.code).toBe(1)
    expect(same(proxied.stderr)).toBe(same(straight.stderr))
    expect(proxied.stderr).toContain('conflict with "equipe-a"')
    const entries = await relayedSince(admin, mark)
    const patch = findLogged(entries, 'PATCH', `/namespaces/${ns}/configmaps/ssa-p`)
    expect(patch.status).toBe(409)
    expect(patch.url).toContain('fieldManager=equipe-b')
    const row = await waitUntil('the conflict in live traffic', 10_000, () =>
      [...admin.traffic.values()].find(
        (r) => r.name === 'ssa-p' && r.verb === 'patch' && r.uri.includes('equipe-b'),
      ),
    )
    expect(row.code).toBe(409)
    expect(row.reason).toBe('Conflict')
    // Field managers conflict in the apply itself, before admission runs.
    expect(row.stoppedAt).toBe('decoding')
  })

  it('scale: a write to the scale subresource', async () => {
    for (const name of ['web-p', 'web-d'])
      kubectl('create', 'deployment', name, '-n', ns, '--image=registry.invalid/web:1')
    const mark = admin.log.length
    const scale = async (name: string, where: string[]) => {
      const r = await run(['scale', `deployment/${name}`, '-n', ns, '--replicas=3'], where)
      return { ...r, stdout: r.stdout.replaceAll(name, 'NAME') }
    }
    const proxied = await scale('web-p', viaProxy(admin))
    const straight = await scale('web-d', direct())
    expect(proxied).toEqual(straight)
    expect(proxied.stdout).toContain('deployment.apps/NAME scaled')
    const entries = await relayedSince(admin, mark)
    const write = entries.find((e) => /deployments\/web-p\/scale/.test(e.url) && e.method !== 'GET')
    expect(write?.status).toBe(200)
    const row = await waitUntil('the scale write in live traffic', 10_000, () =>
      [...admin.traffic.values()].find(
        (r) => r.resource === 'deployments/scale' && r.name === 'web-p' && r.verb !== 'get',
      ),
    )
    expect(row).toMatchObject({ code: 200, stoppedAt: 'done', apiGroup: 'apps' })
  })

  it('delete: the DELETE, and the watch kubectl waits on while a finalizer holds the object', async () => {
    for (const name of ['gone-p', 'gone-d']) {
      const file = path.join(home, `${name}.json`)
      writeFileSync(
        file,
        JSON.stringify({
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name, namespace: ns, finalizers: ['apiscope.io/hold'] },
        }),
      )
      kubectl('create', '-f', file)
    }
    const mark = admin.log.length
    const del = (name: string, where: string[]) =>
      run(['delete', 'configmap', name, '-n', ns], where).then((r) => ({
        ...r,
        stdout: r.stdout.replaceAll(name, 'NAME'),
      }))
    const proxied = del('gone-p', viaProxy(admin))
    const straight = del('gone-d', direct())
    // kubectl delete waits for the object to be gone with a watch on its name.
    const wait = await waitUntil('the waiting watch', 15_000, () =>
      admin.log
        .slice(mark)
        .find(
          (e) =>
            e.relayed && e.url.includes('watch=true') && e.url.includes('metadata.name%3Dgone-p'),
        ),
    )
    await new Promise((r) => setTimeout(r, 500)) // the direct one is waiting too
    for (const name of ['gone-p', 'gone-d'])
      kubectl(
        'patch',
        'configmap',
        name,
        '-n',
        ns,
        '--type=merge',
        '-p',
        '{"metadata":{"finalizers":null}}',
      )
    const [p, d] = await Promise.all([proxied, straight])
    expect(p).toEqual(d)
    expect(p.stdout).toContain('configmap "NAME" deleted')
    const entries = await relayedSince(admin, mark, 2)
    expect(findLogged(entries, 'DELETE', `/namespaces/${ns}/configmaps/gone-p`).status).toBe(200)
    const row = await trafficFor(admin, 'delete', `/api/v1/namespaces/${ns}/configmaps/gone-p`)
    expect(row).toMatchObject({ code: 200, stoppedAt: 'done' })
    expect(wait.status).toBe(200)
    // 1.37's kubectl opens it as a streaming list (WatchList, beta and on since 1.32).
    if (!onOldest()) expect(wait.url).toContain('sendInitialEvents=true')
    const watchRow = await waitUntil('the waiting watch in live traffic', 10_000, () =>
      [...admin.traffic.values()].find((r) => r.verb === 'watch' && r.name === 'gone-p'),
    )
    expect(watchRow.code).toBe(200)
  }, 40_000)

  it('exec: the connection upgrade is refused with a reason kubectl prints', async () => {
    kubectl('run', 'shell', '-n', ns, '--image=registry.invalid/shell:1', '--restart=Never')
    const mark = admin.log.length
    const r = await run(['exec', 'shell', '-n', ns, '--', 'true'], viaProxy(admin))
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain('does not relay exec, attach or port-forward')
    expect(r.stderr).toContain(`kubectl --context ${ADMIN_CONTEXT}`)
    const entries = await relayedSince(admin, mark)
    const refused = findLogged(entries, 'POST', `/namespaces/${ns}/pods/shell/exec`)
    expect(refused.status).toBe(400)
  }, 30_000)
})

describe('the restricted viewer through its own proxy', () => {
  let viewer: Watched
  beforeAll(async () => {
    viewer = await watchedCore(VIEWER_CONTEXT)
  }, 30_000)
  afterAll(async () => {
    await viewer?.core.close()
  })

  it('a 403 from authorization, printed as kubectl prints it straight', async () => {
    const mark = viewer.log.length
    const out = await both(viewer, ['get', 'secrets', '-n', ns], VIEWER_CONTEXT)
    expect(out.code).toBe(1)
    expect(out.stderr).toContain('Forbidden')
    const entries = await relayedSince(viewer, mark)
    expect(findLogged(entries, 'GET', `/namespaces/${ns}/secrets?limit=500`).status).toBe(403)
    const row = await trafficFor(viewer, 'GET', `/api/v1/namespaces/${ns}/secrets?limit=500`)
    expect(row).toMatchObject({ verb: 'list', code: 403, stoppedAt: 'authorization' })
    expect(row.reason).toBe('Forbidden')
    expect(row.user).toBe('apiscope-viewer')
  })
})

describe('a canary Secret through the proxy', () => {
  const recording = path.join(home, 'proxy-redaction.ndjson')

  it('is shown to kubectl as the server sent it, and redacted in every frame, detail and recording', async () => {
    unwrap(await admin.core.recording.start({ path: recording }))
    const pushedMark = admin.pushed.length
    const mark = admin.log.length
    const file = path.join(home, 'canary.json')
    writeFileSync(
      file,
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 'canari', namespace: ns },
        stringData: { motdepasse: CANARY },
      }),
    )
    // A write through the proxy (the canary in the request body), then reads of every shape.
    expect((await run(['apply', '-f', file], viaProxy(admin))).code).toBe(0)
    const yaml = await run(['get', 'secret', 'canari', '-n', ns, '-o', 'yaml'], viaProxy(admin))
    expect(yaml.stdout).toContain(B64) // kubectl got the Secret untouched
    expect((await run(['get', 'secrets', '-n', ns], viaProxy(admin))).code).toBe(0)
    expect(
      (
        await run(
          ['create', 'secret', 'generic', 'canari-2', '-n', ns, `--from-literal=k=${CANARY}`],
          viaProxy(admin),
        )
      ).code,
    ).toBe(0)
    expect((await run(['get', 'secrets', '-n', ns, '-o', 'json'], viaProxy(admin))).code).toBe(0)
    const entries = await relayedSince(admin, mark, 5)
    await new Promise((r) => setTimeout(r, 300)) // the last traffic push
    let masked = 0
    for (const e of entries) {
      const detail = await admin.core.invoke('proxy:detail', { seq: e.seq })
      const text = JSON.stringify(detail)
      expect(text.includes(CANARY), `detail of ${e.method} ${e.url}`).toBe(false)
      expect(text.includes(B64), `detail of ${e.method} ${e.url} (base64)`).toBe(false)
      if (text.includes(REDACTED)) masked++
    }
    expect(masked).toBeGreaterThanOrEqual(4)
    for (const { channel, payload } of admin.pushed.slice(pushedMark)) {
      const text = JSON.stringify(payload)
      expect(text.includes(CANARY), channel).toBe(false)
      expect(text.includes(B64), channel).toBe(false)
    }
    await admin.core.recording.stop()
    const recorded = readFileSync(recording, 'utf8')
    expect(recorded).toContain('kube:request-logged')
    expect(recorded).toContain('"relayed"')
    expect(recorded.includes(CANARY)).toBe(false)
    expect(recorded.includes(B64)).toBe(false)
  }, 60_000)
})

describe('stopping', () => {
  it('removes the kubeconfig and closes the listener', async () => {
    const file = admin.proxy.kubeconfigPath as string
    const stopped = unwrap<KubectlProxyStatus>(await admin.core.invoke('proxy:stop', {}))
    expect(stopped.state).toBe('stopped')
    expect(existsSync(file)).toBe(false)
    expect(existsSync(path.dirname(file))).toBe(false)
    const r = await run(
      ['get', '--raw', '/version', '--request-timeout=5s'],
      [
        `--server=${admin.proxy.address}`,
        '--insecure-skip-tls-verify',
        '--token=x',
        '--kubeconfig=/dev/null',
      ],
    )
    expect(r.code).not.toBe(0)
    expect(r.stderr).toMatch(/refused/)
  })

  it('stops with the session it relayed to', async () => {
    const w = await watchedCore(ADMIN_CONTEXT)
    const file = w.proxy.kubeconfigPath as string
    expect(existsSync(file)).toBe(true)
    unwrap(await w.core.invoke('kube:connect', { context: VIEWER_CONTEXT }))
    await waitUntil('the proxy stopped', 5_000, () => !existsSync(file))
    const status = unwrap<KubectlProxyStatus>(await w.core.invoke('proxy:status', {}))
    expect(status.state).toBe('stopped')
    expect(status.note).toContain('session it relayed to ended')
    await w.core.close()
  })
})
