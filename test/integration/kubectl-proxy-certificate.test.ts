// The kubectl proxy when the API server's certificate changes under a connected session, to one
// the kubeconfig's CA did not sign (a cluster recreated with a new CA, a machine put in between),
// against the real API server and the real kubectl of its release.
// Broke: Apiscope connects through a fault proxy that ends TLS with the API server's own
// certificate (tlsOfCluster); once kubectl has gone through Apiscope's proxy once, the fault proxy
// serves new connections with a certificate signed by another CA (serveWith) and resets every
// open one (cutAll), so the relay's next connection fails its certificate check.
// Checked: kubectl prints the proxy's 502 with Node's words and nothing for whoever runs Node
// (Node 24 and newer add "try running Node.js with --use-system-ca"), the request log's relayed
// row says the same with no status, and a request after the certificate is put back goes through.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RequestLogEntry } from '@common/kube-types'
import type { KubectlProxyStatus } from '@features/kubectl-proxy/messages'
import type { ApiscopeCore } from '../../src-main/assembly/apiscope-core'
import { ADMIN_CONTEXT } from '../cluster/control-plane'
import { FaultProxy, kubeconfigVia, tlsOfCluster } from '../cluster/fault-proxy'
import { servingCert } from '../cluster/pki'
import { kubectlRun } from './cli-run'
import { cluster, coreFor, unwrap, waitUntil } from './helpers'

const tmp = mkdtempSync(path.join(os.tmpdir(), 'apiscope-kproxy-cert-'))
let front: FaultProxy
let core: ApiscopeCore
let proxy: KubectlProxyStatus
const log: RequestLogEntry[] = []

/** kubectl of the server's release through Apiscope's proxy, asynchronously (the proxy is here). */
const kubectlThroughApiscope = (args: string[]) => kubectlRun(proxy.kubeconfigPath ?? '', tmp, args)

beforeAll(async () => {
  const served = tlsOfCluster(cluster().dir)
  front = await FaultProxy.start(cluster().server, served)
  core = coreFor(kubeconfigVia(cluster().kubeconfig, front.url, tmp))
  core.onEvent((channel, payload) => {
    if (channel === 'kube:request-logged') log.push(payload as RequestLogEntry)
  })
  unwrap(await core.invoke('kube:connect', { context: ADMIN_CONTEXT }))
  proxy = unwrap<KubectlProxyStatus>(await core.invoke('proxy:start', {}))
}, 60_000)

afterAll(async () => {
  await core?.close()
  await front?.close()
  rmSync(tmp, { recursive: true, force: true })
})

describe('the API server’s certificate changes under the kubectl proxy', () => {
  it('kubectl gets a 502 with Node’s words, without Node’s advice; the log row says the same', async () => {
    const before = await kubectlThroughApiscope(['get', '--raw', '/readyz'])
    expect(before, before.stderr).toMatchObject({ code: 0, stdout: 'ok' })

    const pki = path.join(cluster().dir, 'pki')
    const other = { cert: path.join(pki, 'other-ca.crt'), key: path.join(pki, 'other-ca.key') }
    const rotated = servingCert(tmp, other, 'rotated-apiserver', ['localhost'])
    const original = tlsOfCluster(cluster().dir).serving
    front.serveWith({ cert: readFileSync(rotated.cert), key: readFileSync(rotated.key) })
    front.cutAll()

    const mark = log.length
    const failed = await kubectlThroughApiscope(['get', '--raw', '/readyz'])
    expect(failed.code).not.toBe(0)
    expect(failed.stderr).toContain(
      'The API server did not answer: unable to verify the first certificate',
    )
    expect(failed.stderr).not.toContain('Node.js')
    const row = await waitUntil('the relayed /readyz row that failed', 10_000, () =>
      log.slice(mark).find((e) => e.relayed && e.url.includes('/readyz') && e.status === null),
    )
    expect(row.error).toBe('unable to verify the first certificate')

    front.serveWith(original)
    front.cutAll()
    const after = await kubectlThroughApiscope(['get', '--raw', '/readyz'])
    expect(after, after.stderr).toMatchObject({ code: 0, stdout: 'ok' })
  }, 60_000)
})
