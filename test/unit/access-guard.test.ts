import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { checkRequest } from '../../src-main/browser-host/access-guard'

const req = (url: string, headers: Record<string, string>) =>
  ({ url, headers }) as unknown as IncomingMessage
const port = 7411
const token = 'T0k3n'

describe('browser-mode access guard', () => {
  it('accepts the token in the query, a header or the cookie', () => {
    expect(
      checkRequest(req(`/?token=${token}`, { host: `127.0.0.1:${port}` }), port, token).ok,
    ).toBe(true)
    expect(
      checkRequest(
        req('/assets/a.js', { host: `localhost:${port}`, cookie: `x=1; apiscope_token=${token}` }),
        port,
        token,
      ).ok,
    ).toBe(true)
    expect(
      checkRequest(
        req('/ws', {
          host: `127.0.0.1:${port}`,
          'x-apiscope-token': token,
          origin: `http://127.0.0.1:${port}`,
        }),
        port,
        token,
      ).ok,
    ).toBe(true)
  })
  it('refuses a missing or wrong token with 401', () => {
    expect(checkRequest(req('/', { host: `127.0.0.1:${port}` }), port, token)).toMatchObject({
      ok: false,
      status: 401,
    })
    expect(
      checkRequest(req('/?token=nope', { host: `127.0.0.1:${port}` }), port, token),
    ).toMatchObject({ ok: false, status: 401 })
  })
  it('refuses foreign Origin and Host headers (other sites, DNS rebinding) with 403', () => {
    expect(
      checkRequest(
        req(`/?token=${token}`, { host: `127.0.0.1:${port}`, origin: 'https://evil.example' }),
        port,
        token,
      ),
    ).toMatchObject({ ok: false, status: 403 })
    expect(
      checkRequest(req(`/?token=${token}`, { host: `evil.example:${port}` }), port, token),
    ).toMatchObject({ ok: false, status: 403 })
    expect(
      checkRequest(
        req(`/?token=${token}`, { host: `127.0.0.1:${port}`, origin: `https://127.0.0.1:${port}` }),
        port,
        token,
      ),
    ).toMatchObject({ ok: false, status: 403 })
  })
})
