// The seed chapter's objects ("L'API server"), as typed: reglages (a ConfigMap), pod-nu.yaml (the
// bare Pod whose dry run comes back as a full object) and the vitrine Deployment of "Qui possède ce
// champ ?". The lab's presets, the what-if's sample, the tests, the demo and the fixture recorders
// all send these exact texts.

export const REGLAGES_YAML = `apiVersion: v1
kind: ConfigMap
metadata:
  name: reglages
data:
  couleur: bleu
`

export const BARE_POD_YAML = `apiVersion: v1
kind: Pod
metadata:
  name: nu
spec:
  containers:
  - name: c
    image: registry.k8s.io/e2e-test-images/agnhost:2.61
`

/**
 * The vitrine Deployment as equipe-web applies it; `replicas: null` is exercise 3's file without
 * the field (vitrine-sans-replicas.yaml), `namespace: null` leaves the namespace to the context.
 */
export function vitrineManifest(namespace: string | null, replicas: number | null): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: vitrine
${namespace === null ? '' : `  namespace: ${namespace}\n`}  labels:
    app: vitrine
spec:
${replicas === null ? '' : `  replicas: ${replicas}\n`}  selector:
    matchLabels:
      app: vitrine
  template:
    metadata:
      labels:
        app: vitrine
    spec:
      containers:
        - name: web
          image: registry.k8s.io/e2e-test-images/agnhost:2.61
          args: ["netexec", "--http-port=8080"]
          ports:
            - containerPort: 8080
              name: http
          resources:
            requests:
              cpu: 50m
              memory: 64Mi
`
}
