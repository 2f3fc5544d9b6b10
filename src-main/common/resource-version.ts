// resourceVersion is opaque by contract: clients may compare it only for equality, and pass it back
// to the server (https://kubernetes.io/docs/reference/using-api/api-concepts/#resource-versions).
// etcd-backed servers happen to use etcd's revision, a growing integer, so Apiscope draws it as a
// number where every value it has seen is an integer, and says so (docs/adr/0005).

/** The resourceVersion as a number when it is a decimal integer that fits exactly; else null. */
export function numericResourceVersion(rv: string | undefined | null): number | null {
  if (!rv || rv.length > 16) return null
  // Digit by digit: this runs for every event the watches deliver.
  let n = 0
  for (let i = 0; i < rv.length; i++) {
    const d = rv.charCodeAt(i) - 48
    if (d < 0 || d > 9) return null
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
