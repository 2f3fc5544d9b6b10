// What the admission-policy specs set up against the real API server: vitrine's Deployment, a
// ValidatingAdmissionPolicy that allows at most 5 replicas in one namespace, and the lab sending a
// 7-replica dry run until the new policy refuses it. Shared by admission-policies.spec.ts and
// french-lab.spec.ts (the same denial, in English and in French).
import type { ClusterInfo } from '../cluster/control-plane'
import { expect } from './fixtures'
import { kubectl } from './kubectl'
import type { LabPage } from './pages/lab-page'

/** vitrine's Deployment with this many replicas. */
export const vitrineDeployment = (replicas: number) =>
  `apiVersion: apps/v1
kind: Deployment
metadata:
  name: vitrine
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: vitrine}
  template:
    metadata:
      labels: {app: vitrine}
    spec:
      containers:
      - name: c
        image: registry.k8s.io/e2e-test-images/agnhost:2.61
`

/** A policy's match: the creation and update of Deployments. */
export const DEPLOYMENT_RULES = `    resourceRules:
    - apiGroups: [apps]
      apiVersions: [v1]
      operations: [CREATE, UPDATE]
      resources: [deployments]`

/** A binding's match: the objects of namespace `ns` only. */
export const namespaceSelector = (ns: string) => `    namespaceSelector:
      matchLabels: {kubernetes.io/metadata.name: ${ns}}`

/** The ValidatingAdmissionPolicy `policy` (at most 5 replicas) and its Deny binding in `ns`. */
export const replicaLimit = (policy: string, ns: string) =>
  `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: ${policy}}
spec:
  failurePolicy: Fail
  matchConstraints:
${DEPLOYMENT_RULES}
  validations:
  - expression: object.spec.replicas <= 5
    message: replicas must be at most 5
    reason: Invalid
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: ${policy}-binding}
spec:
  policyName: ${policy}
  validationActions: [Deny]
  matchResources:
${namespaceSelector(ns)}
`

/**
 * The lab composes a dry-run create of vitrine with 7 replicas in `ns` and sends it until it is
 * refused with a 422: a new policy takes a moment to be loaded by the API server.
 */
export async function sendUntilRefused(lab: LabPage, ns: string): Promise<void> {
  const { page } = lab
  await lab.open()
  await lab.namespace.fill(ns)
  await page.getByTestId('lab-verb').selectOption('create')
  await page.getByTestId('lab-resource').selectOption('apps/v1/deployments')
  await page.getByTestId('lab-dry-run').check()
  await page.getByTestId('lab-body').fill(vitrineDeployment(7))
  await expect(async () => {
    await lab.send.click()
    await lab.settled()
    await expect(lab.status).toHaveText('422', { timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
}

/** Deletes the policies and bindings named (kind/name), then the namespace, without waiting. */
export function deletePoliciesAndNamespace(
  cluster: ClusterInfo,
  ns: string,
  ...objects: string[]
): void {
  kubectl(cluster, 'delete', ...objects, '--ignore-not-found')
  kubectl(cluster, 'delete', 'namespace', ns, '--wait=false')
}
