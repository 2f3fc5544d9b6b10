// Which kubectl commands and flags exist in the kubectl of the connected server's release, so the
// equivalents Apiscope prints run on the server in front of the class (kubectl is supported one
// minor release either side of its server: https://kubernetes.io/releases/version-skew-policy/).
// Pure. Each "since" is the kubectl release that brought it (its CHANGELOG).
import type { ServerVersion } from './kube-types'

export interface KubeRelease {
  major: number
  minor: number
}

/** Each `what` is said in the lab's notes by `lab.kc.what.<feature>` (i18n/catalogue/lab.*.ts). */
export const KUBECTL_SINCE = {
  /** `--subresource` on get, patch, edit and replace (KEP-2590). */
  subresource: { minor: 24, what: '--subresource flag' },
  /** `kubectl create token`, a TokenRequest from the command line. */
  createToken: { minor: 24, what: 'create token command' },
  /** `kubectl apply --server-side --subresource` (kubernetes/kubernetes#127634). */
  applySubresource: { minor: 32, what: 'apply --subresource' },
} as const satisfies Record<string, { minor: number; what: string }>

export type KubectlFeature = keyof typeof KUBECTL_SINCE

/** 1.20 from major "1", minor "20" (or "20+" as some distributions print), else from gitVersion. */
export function releaseOf(
  version: Pick<ServerVersion, 'major' | 'minor' | 'gitVersion'> | undefined | null,
): KubeRelease | null {
  if (!version) return null
  const major = Number.parseInt(version.major, 10)
  const minor = Number.parseInt(version.minor, 10)
  if (Number.isFinite(major) && Number.isFinite(minor)) return { major, minor }
  const m = /^v?(\d+)\.(\d+)/.exec(version.gitVersion ?? '')
  return m ? { major: Number(m[1]), minor: Number(m[2]) } : null
}

export const releaseName = (r: KubeRelease): string => `${r.major}.${r.minor}`

/** Whether the kubectl of this release has it; an unknown release is taken as a current one. */
export function kubectlHas(release: KubeRelease | null, feature: KubectlFeature): boolean {
  if (!release) return true
  return release.major > 1 || release.minor >= KUBECTL_SINCE[feature].minor
}
