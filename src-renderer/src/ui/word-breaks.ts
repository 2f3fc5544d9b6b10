// Where a long API name may wrap without cutting a word: a group name after its dots and hyphens
// (and a group/version after its slash),
// a kind between its camel-case words, a resource's plural name where its kind's words meet; a
// user's name after its colons only; a list of API words (a FlowSchema's rules and subjects)
// after its commas, dots, slashes and colons.
// The parts are joined back with <wbr> (WordBreaks.svelte), which a copy leaves out, unlike a
// zero-width space.

/**
 * A group name or a group/version cut after its dots, hyphens and slash:
 * "admissionregistration.k8s.io/v1" → ["admissionregistration.", "k8s.", "io/", "v1"].
 */
export function groupParts(name: string): string[] {
  return name.split(/(?<=[./-])/)
}

/**
 * A user's name cut after its colons, and only there (its parts are kept whole, hyphens and all:
 * WordBreaks' `whole`): "system:serviceaccount:kube-system:default" → ["system:",
 * "serviceaccount:", "kube-system:", "default"].
 */
export function identityParts(user: string): string[] {
  return user.split(/(?<=:)(?=.)/)
}

/**
 * A list of API words cut after its commas, dots, slashes and colons: "get,create,update leases
 * (coordination.k8s.io)" → ["get,", "create,", "update leases (coordination.", "k8s.", "io)"].
 */
export function listParts(text: string): string[] {
  return text.split(/(?<=[,./:])/)
}

/** "MutatingWebhookConfiguration" → ["Mutating", "Webhook", "Configuration"]. */
export function kindParts(kind: string): string[] {
  return kind.split(/(?<=[a-z])(?=[A-Z])/)
}

/**
 * A resource's name cut where its kind's words meet, when the name starts with the kind in lower
 * case ("persistentvolumeclaims" of PersistentVolumeClaim → persistent, volume, claims; the plural
 * may change the last word's end: "networkpolicies"). Otherwise whole.
 */
export function resourceNameParts(name: string, kind: string): string[] {
  const parts: string[] = []
  let at = 0
  for (const word of kindParts(kind).slice(0, -1)) {
    const w = word.toLowerCase()
    if (name.slice(at, at + w.length) !== w) break
    parts.push(w)
    at += w.length
  }
  parts.push(name.slice(at))
  return parts.filter((p) => p !== '')
}

/**
 * What a request asked for, as the traffic list writes it ("selfsubjectaccessreviews",
 * "pods/status web-1", "/readyz"), cut where a line may break: a resource's name where its kind's
 * words meet (when its kind is known), before a subresource's slash, an object's name and a URL
 * after their dots, hyphens and slashes. Joined, the parts are the text itself.
 */
export function requestTargetParts(
  resource: string,
  kind: string | undefined,
  name = '',
): string[] {
  const parts: string[] = []
  if (resource.startsWith('/')) parts.push(...groupParts(resource))
  else {
    const [base = '', ...subresource] = resource.split('/')
    parts.push(...resourceNameParts(base, kind ?? ''))
    for (const sub of subresource) parts.push(`/${sub}`)
  }
  if (name !== '') parts.push(' ', ...groupParts(name))
  return parts.filter((p) => p !== '')
}
