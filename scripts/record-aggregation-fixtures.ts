// Records what kube-apiserver answers for a request relayed by the aggregation layer to the test
// harness's aggregated API server (test/cluster/aggregated-api-server.ts): served, just after the
// server stops (the dial fails), and once the APIService is not Available. The stage model's unit
// test reads them (test/unit/aggregation-stage.test.ts).
// Run: npx tsx scripts/record-aggregation-fixtures.ts STATE_FILE (a control plane started with
// test/cluster/cluster-cli.ts; APISCOPE_K8S picks none, the state file says its release).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import https from 'node:https'
import path from 'node:path'
import { startAggregatedApiServer } from '../test/cluster/aggregated-api-server'
import { REPO_ROOT, readClusterInfo } from '../test/cluster/control-plane'

const state = process.argv[2]
if (!state) throw new Error('usage: record-aggregation-fixtures.ts STATE_FILE')
const cluster = readClusterInfo(state)
const pki = path.join(cluster.dir, 'pki')
const get = (p: string) =>
  new Promise<{ status: number; contentType: string; body: string }>((resolve, reject) =>
    https
      .get(
        cluster.server + p,
        {
          ca: readFileSync(path.join(pki, 'ca.crt')),
          cert: readFileSync(path.join(pki, 'admin.crt')),
          key: readFileSync(path.join(pki, 'admin.key')),
        },
        (res) => {
          let body = ''
          res.on('data', (c: Buffer) => (body += c.toString('utf8')))
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              contentType: String(res.headers['content-type']),
              body,
            }),
          )
        },
      )
      .on('error', reject),
  )

const server = await startAggregatedApiServer(cluster)
await server.waitAvailable('True')
// 1.20 routes the group a moment after Available turns True (a 404 page not found before).
await new Promise((r) => setTimeout(r, 3000))
const requestPath = '/apis/metrics.k8s.io/v1beta1/namespaces/kube-system/pods'
const relayed = await get(requestPath)
await server.stop()
const afterStop = await get(requestPath)
await server.waitAvailable('False')
await new Promise((r) => setTimeout(r, 1000))
const whileUnavailable = await get(requestPath)
await server.close()
const out = path.join(REPO_ROOT, 'test/fixtures/recorded', cluster.series, 'aggregation.json')
mkdirSync(path.dirname(out), { recursive: true })
writeFileSync(
  out,
  `${JSON.stringify({ server: cluster.version, path: requestPath, relayed, afterStop, whileUnavailable }, null, 2)}\n`,
)
console.log(out)
process.exit(0)
