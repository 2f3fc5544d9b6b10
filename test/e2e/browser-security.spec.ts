// Browser mode must not be a door into the cluster for other local processes or web pages.
import WebSocket from 'ws'
import { expect, test } from './fixtures'

const wsOpens = (url: string, headers: Record<string, string>) =>
  new Promise<number | 'open'>((resolve) => {
    const ws = new WebSocket(url, { headers })
    ws.on('open', () => {
      ws.close()
      resolve('open')
    })
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
    ws.on('error', () => resolve(0))
  })

test('HTTP without the token is refused; with it, served', async ({ serve, request }) => {
  expect((await request.get(`${serve.origin}/`)).status()).toBe(401)
  expect((await request.get(`${serve.origin}/?token=wrong`)).status()).toBe(401)
  const ok = await request.get(serve.url)
  expect(ok.status()).toBe(200)
  expect(ok.headers()['content-security-policy']).toContain("script-src 'self'")
})

test('a foreign Origin or Host is refused even with the token', async ({ serve, request }) => {
  expect(
    (await request.get(serve.url, { headers: { Origin: 'https://evil.example' } })).status(),
  ).toBe(403)
  expect((await request.get(serve.url, { headers: { Host: 'evil.example' } })).status()).toBe(403)
})

test('the WebSocket needs the token and our Origin', async ({ serve }) => {
  const ws = `ws://127.0.0.1:${new URL(serve.origin).port}/ws`
  expect(await wsOpens(ws, { Origin: serve.origin })).toBe(401)
  expect(await wsOpens(`${ws}?token=${serve.token}`, { Origin: 'https://evil.example' })).toBe(403)
  expect(await wsOpens(`${ws}?token=${serve.token}`, { Origin: serve.origin })).toBe('open')
})
