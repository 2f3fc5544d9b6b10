// Records a real audit event that carries kube-apiserver's latency annotations
// (apiserver.latency.k8s.io/*, written only for a request slower than 500 ms): a ConfigMap create
// held up by a mutating webhook on loopback that takes 800 ms to answer (slow-webhook.ts). Writes
// the event, as the audit log holds it, to the file given.
//   npx tsx --tsconfig tsconfig.node.json test/cluster/record-latency-audit.ts STATE.json OUT.json
import { writeFileSync } from 'node:fs'
import { auditLogLines } from './audit-log-lines'
import { readClusterInfo } from './control-plane'
import { kubectlAsync, startSlowWebhook } from './slow-webhook'

const [stateFile, outFile] = process.argv.slice(2)
if (!stateFile || !outFile) throw new Error('usage: record-latency-audit.ts STATE.json OUT.json')
const cluster = readClusterInfo(stateFile)
const ns = `latency-${Date.now().toString(36)}`
await kubectlAsync(cluster, ['create', 'namespace', ns])
const webhook = await startSlowWebhook(cluster, ns)
try {
  let event: string | undefined
  // The API server learns of the configuration through an informer: try until it calls it.
  for (let i = 0; i < 20 && !event; i++) {
    await new Promise((r) => setTimeout(r, 500))
    const name = `slow-${i}`
    await kubectlAsync(cluster, ['create', 'configmap', name, '-n', ns, '--from-literal=k=v'])
    await new Promise((r) => setTimeout(r, 1500))
    event = auditLogLines(cluster.auditLog).find(
      (line) =>
        line.includes(`"namespace":"${ns}"`) &&
        line.includes(`"name":"${name}"`) &&
        line.includes('"stage":"ResponseComplete"') &&
        line.includes('apiserver.latency.k8s.io/'),
    )
  }
  if (!event) throw new Error('no audit event with apiserver.latency.k8s.io annotations')
  writeFileSync(outFile, `${JSON.stringify(JSON.parse(event), null, 2)}\n`)
  console.log(`wrote ${outFile}`)
} finally {
  await webhook.close()
  await kubectlAsync(cluster, ['delete', 'namespace', ns, '--wait=false'])
}
