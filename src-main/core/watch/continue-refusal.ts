// A continue token the server would not serve, and what the list's record says of it. A list goes
// on with a token: the server's own (a page's `continue`), or one Apiscope built after a cut
// (continue-after.ts). The server refuses a token with 410 when its resourceVersion was compacted
// away (etcd's history, or 1.37's watch-cache snapshot of it), and with 400 (422 on some servers)
// when it cannot decode it as its own (k8s.io/apiserver storage's DecodeContinue: "invalid
// continue token"). Either way the list cannot go on: it starts over from scratch, and the page
// that gave the token says so, so that the record never shows a refused token as one that was used.
// Pure: the supervisor asks, and records the page this returns.
import type { ListPage } from '@common/watch-types'

/**
 * Whether an answer to a list request made with `token` refuses the token. 410 refuses any
 * token; 400 and 422 only one Apiscope built (`built`): the server's own token is not malformed,
 * and a 400 to it is an answer like any other.
 */
export function refusesToken(
  status: number,
  token: string | undefined,
  built: string | null,
): boolean {
  if (token === undefined) return false
  if (status === 410) return true
  return token === built && (status === 400 || status === 422)
}

/**
 * Whether `page`, the last page the list recorded, is the one whose next request asked with
 * `token`: its own continue token, the one built after its cut, or its own request asked again
 * after a cut that brought nothing (the token of the page before, which it was asked with).
 */
export function wentOnWith(page: ListPage, token: string): boolean {
  if (page.cut) {
    const next = page.cut.next
    return next === 'again' || (next !== null && next.raw === token)
  }
  return page.continueToken?.raw === token
}

/**
 * The last page, saying that the server refused the token it went on with (the answer's code
 * and the server's message, as it came) and that the list started over; null when the token
 * was not this page's (nothing to amend).
 */
export function withTokenRefused(
  page: ListPage,
  token: string,
  answer: { code: number; message: string },
): ListPage | null {
  if (!wentOnWith(page, token)) return null
  return { ...page, tokenRefused: { code: answer.code, message: answer.message } }
}
