// The seed chapter's two objects ("L'API server"), as typed: reglages (a ConfigMap) and pod-nu.yaml
// (the bare Pod whose dry run comes back as a full object). The lab's presets, its tests and the
// dry-run fixture recorder all send these exact texts.

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
