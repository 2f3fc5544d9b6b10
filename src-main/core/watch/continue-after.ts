// Where a list cut in the middle goes on: a continue token that starts right after the last item
// received, in the format kube-apiserver's own tokens have (k8s.io/apiserver storage's
// EncodeContinue since 1.8: base64url of {"v":"meta.k8s.io/v1","rv":N,"start":KEY}, where KEY is
// the storage key below the resource's prefix followed by a NUL byte, the first key after it). A
// list's items come in the order of their keys (etcd's and the watch cache's), and a key is
// `namespace/name` below a resource's prefix (or `name` below a namespace's, or a cluster-scoped
// resource's), so the last item received names the next key. The server checks the token
// (path.Clean, the prefix) and answers 400 or 410 where it cannot serve it: the list then starts
// over. A list without a limit has no token of its own to go on with.

/** The storage key of an item below the list's prefix: `/ns/name` in a list of every namespace. */
export function itemKey(
  item: { namespace: string; name: string },
  listNamespace: string | undefined,
): string {
  return listNamespace || !item.namespace ? `/${item.name}` : `/${item.namespace}/${item.name}`
}

/**
 * A continue token for the items after `key` at resourceVersion `rv`; null when rv is not a
 * plain positive integer (the token holds it as a number) or the key holds a NUL.
 */
export function continueAfter(rv: string, key: string): string | null {
  if (!/^[1-9][0-9]{0,15}$/.test(rv) || !Number.isSafeInteger(Number(rv))) return null
  if (key.includes('\u0000')) return null
  const json = JSON.stringify({ v: 'meta.k8s.io/v1', rv: Number(rv), start: `${key}\u0000` })
  return Buffer.from(json, 'utf8').toString('base64url')
}
