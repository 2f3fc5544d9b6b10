// Serves the built renderer from a private, secure scheme (apiscope://app/...) instead of file://,
// so every response carries our Content-Security-Policy header and paths cannot leave the folder.
import { protocol } from 'electron'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { contentSecurityPolicy } from '@common/content-security'
import { contentTypeOf } from '../core/static-files'

export const APP_SCHEME = 'apiscope'
export const APP_ORIGIN = `${APP_SCHEME}://app`

/** Must run before app 'ready'. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ])
}

export function serveRenderer(rendererDir: string): void {
  const root = path.resolve(rendererDir)
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url)
    if (url.host !== 'app') return new Response('not found', { status: 404 })
    const relative = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)
    const file = path.resolve(root, `.${relative}`)
    if (!file.startsWith(root + path.sep)) return new Response('forbidden', { status: 403 })
    try {
      const body = await readFile(file)
      return new Response(body, {
        headers: {
          'Content-Type': contentTypeOf(file),
          'Content-Security-Policy': contentSecurityPolicy(),
          'X-Content-Type-Options': 'nosniff',
        },
      })
    } catch {
      return new Response('not found', { status: 404 })
    }
  })
}
