// Records a real audit event that carries kube-apiserver's latency annotations
// (apiserver.latency.k8s.io/*, written only for a request slower than 500 ms): a ConfigMap create
// held up by a mutating webhook on loopback that takes 800 ms to answer. Writes the event, as the
// audit log holds it, to the file given.
//   npx tsx --tsconfig tsconfig.node.json test/cluster/record-latency-audit.ts STATE.json OUT.json
import { execFile } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { startAdmissionReviewServer } from './admission-review-server'
import { ADMIN_CONTEXT, readClusterInfo } from './control-plane'

const [stateFile, outFile] = process.argv.slice(2)
if (!stateFile || !outFile) throw new Error('usage: record-latency-audit.ts STATE.json OUT.json')
const cluster = readClusterInfo(stateFile)
const kubectl = async (args: string[], input?: string) => {
  const run = promisify(execFile)(path.join(cluster.binDir, 'kubectl'), [
    `--kubeconfig=${cluster.kubeconfig}`,
    `--context=${ADMIN_CONTEXT}`,
    ...args,
  ])
  if (input !== undefined) run.child.stdin?.end(input)
  return (await run).stdout
}

const DELAY_MS = 800
const ns = `latency-${Date.now().toString(36)}`
const { server, port, caBundle } = await startAdmissionReviewServer(cluster, () => {
  // Blocks this process on purpose: the answer comes DELAY_MS late.
  const until = Date.now() + DELAY_MS
  while (Date.now() < until) {
    /* wait */
  }
  return { allowed: true }
})
const configuration = `apiscope-slow-${ns}`
await kubectl(['create', 'namespace', ns])
await kubectl(['label', 'namespace', ns, `apiscope.io/slow-webhook=${ns}`])
await kubectl(
  ['create', '-f', '-'],
  JSON.stringify({
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingWebhookConfiguration',
    metadata: { name: configuration },
    webhooks: [
      {
        name: 'slow.apiscope.test',
        clientConfig: { url: `https://127.0.0.1:${port}/slow`, caBundle },
        rules: [
          {
            operations: ['CREATE'],
            apiGroups: [''],
            apiVersions: ['v1'],
            resources: ['configmaps'],
          },
        ],
        namespaceSelector: { matchLabels: { 'apiscope.io/slow-webhook': ns } },
        sideEffects: 'None',
        admissionReviewVersions: ['v1'],
        failurePolicy: 'Fail',
        timeoutSeconds: 5,
      },
    ],
  }),
)
try {
  let event: string | undefined
  for (let i = 0; i < 20 && !event; i++) {
    await new Promise((r) => setTimeout(r, 500))
    const name = `slow-${i}`
    await kubectl(['create', 'configmap', name, '-n', ns, '--from-literal=k=v'])
    await new Promise((r) => setTimeout(r, 1500))
    event = readFileSync(cluster.auditLog, 'utf8')
      .split('\n')
      .find(
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
  await kubectl(['delete', 'mutatingwebhookconfiguration', configuration, '--ignore-not-found'])
  await kubectl(['delete', 'namespace', ns, '--wait=false'])
  server.closeAllConnections()
  server.close()
}
