// What never reaches the renderer in clear: Secret values (data, stringData) and a Secret's
// last-applied-configuration annotation, which holds the same values. Issue 6 extends the policy.

export const REDACTED = '<redacted>'

function isSecret(obj: Record<string, unknown>): boolean {
  return obj.kind === 'Secret' && (obj.apiVersion === 'v1' || obj.apiVersion === undefined)
}

/** A copy with secret values replaced, and the list of JSON Pointers that were redacted. */
export function redactObject<T>(value: T): { value: T; redacted: string[] } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { value, redacted: [] }
  const obj = value as Record<string, unknown>
  if (!isSecret(obj)) return { value, redacted: [] }
  const redacted: string[] = []
  const copy: Record<string, unknown> = { ...obj }
  for (const field of ['data', 'stringData']) {
    const map = obj[field]
    if (map && typeof map === 'object') {
      const masked: Record<string, string> = {}
      for (const key of Object.keys(map)) {
        masked[key] = REDACTED
        redacted.push(`/${field}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)
      }
      copy[field] = masked
    }
  }
  const metadata = obj.metadata as Record<string, unknown> | undefined
  const annotations = metadata?.annotations as Record<string, string> | undefined
  const lastApplied = 'kubectl.kubernetes.io/last-applied-configuration'
  if (annotations?.[lastApplied] !== undefined) {
    copy.metadata = { ...metadata, annotations: { ...annotations, [lastApplied]: REDACTED } }
    redacted.push('/metadata/annotations/kubectl.kubernetes.io~1last-applied-configuration')
  }
  return { value: copy as T, redacted }
}
