// Kubernetes 1.35 made resourceVersions comparable within one resource type (KEP-5504, GA in 1.35:
// https://github.com/kubernetes/enhancements/tree/master/keps/sig-api-machinery/5504-comparable-resource-version
// and https://kubernetes.io/docs/reference/using-api/api-concepts/#resource-versions). For every
// type kube-apiserver serves, built-in or custom, a later version is a greater decimal integer, and
// two are compared as strings: the shorter is the smaller, equal lengths compare character by
// character. An empty string, `0`, a leading zero or any character other than a digit makes a value
// not comparable (as k8s.io/apimachinery/pkg/util/resourceversion decides). An extension API
// server need not follow the rule, and resourceVersions of two resource types are never comparable
// by it. Apiscope orders by this rule only, and keeps arrival order where a value is not comparable
// (docs/adr/0005). Servers before 1.35 promised nothing, but their etcd revisions have this form.

/** True when rv has the comparable form: decimal digits, the first one not 0 (so not `0`). */
export function isComparableResourceVersion(rv: string | undefined | null): rv is string {
  if (!rv) return false
  const first = rv.charCodeAt(0)
  if (first < 49 || first > 57) return false // '1'..'9'
  for (let i = 1; i < rv.length; i++) {
    const c = rv.charCodeAt(i)
    if (c < 48 || c > 57) return false
  }
  return true
}

/**
 * -1, 0 or 1 as a is older than, the same as or newer than b, by the rule above; null when either
 * is not comparable (the caller keeps arrival order then). Meaningful only for two
 * resourceVersions of one resource type. No length limit: no number is formed.
 */
export function compareResourceVersions(
  a: string | undefined | null,
  b: string | undefined | null,
): -1 | 0 | 1 | null {
  if (!isComparableResourceVersion(a) || !isComparableResourceVersion(b)) return null
  if (a.length !== b.length) return a.length < b.length ? -1 : 1
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * The resourceVersion as a number, for the timeline's axis: only when it is comparable and a double
 * holds it exactly (at most Number.MAX_SAFE_INTEGER); else null. On such values numeric order is
 * the rule's order, so the axis orders by the rule; a comparable value too large for a double has
 * no place on the axis (its order is still known: compareResourceVersions).
 */
export function numericResourceVersion(rv: string | undefined | null): number | null {
  if (!rv || rv.length > 16) return null
  // Digit by digit: this runs for every event the watches deliver.
  let n = 0
  for (let i = 0; i < rv.length; i++) {
    const d = rv.charCodeAt(i) - 48
    if (d < 0 || d > 9 || (i === 0 && d === 0)) return null
    n = n * 10 + d
  }
  return Number.isSafeInteger(n) ? n : null
}

/** Decodes a list's continue token: base64 (URL alphabet) JSON on the servers we know. */
export function decodeContinueToken(
  raw: string,
): { v?: string; rv?: number; start?: string } | null {
  try {
    const b64 = raw.replace(/-/g, '+').replace(/_/g, '/')
    const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4)
    const text = new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)))
    const value = JSON.parse(text) as unknown
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return value as { v?: string; rv?: number; start?: string }
    }
  } catch {
    // opaque: a server is free to use any format
  }
  return null
}
