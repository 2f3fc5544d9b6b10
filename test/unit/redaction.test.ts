// The one redaction (src-main/common/redaction.ts) on every shape in which a Secret's values or a
// token reach Apiscope, as a real API server sent them (test/fixtures/recorded/<release>/redaction,
// by scripts/record-redaction-fixtures.ts, from 1.37 and 1.20): a Secret, a list (items without
// kind), a Table (rows of metadata), watch events, patches, a dry run, TokenRequest, TokenReview,
// and their audit events at RequestResponse level. The canary, plain or base64, survives none.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseApiPath } from '@common/api-path'
import { redact, REDACTED, type About } from '@common/redaction'
import { redactLine } from '../../src-main/features/recording/recorded-redaction'
import { displayBody } from '../../src-main/features/walkthroughs/request-step'

const CANARY = 'apiscope-canary-fixture'
const forms = [CANARY, Buffer.from(CANARY).toString('base64')]
const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/

interface Fixture {
  serverVersion: string
  request: { method: string; path: string; body?: unknown }
  response: { status: number; body: unknown }
}
/** Recorded from each release line the suite runs: the shapes are the same, the details not. */
const SERIES = ['1.37', '1.20'] as const
const load = (series: string, name: string): Fixture =>
  JSON.parse(
    readFileSync(
      path.join(__dirname, '../fixtures/recorded', series, 'redaction', `${name}.json`),
      'utf8',
    ),
  ) as Fixture

const SECRETS: About = { group: '', resource: 'secrets' }
/** What a path addressed, as every path that shows an answer reads it. */
const addressOf = (path: string): About | undefined => parseApiPath(path) ?? undefined

function expectNoCanary(value: unknown, what: string): void {
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  for (const f of forms) expect(text.includes(f), `${what} holds ${f}`).toBe(false)
}

/** The fixture holds the canary as recorded: the test means something. */
function expectCanary(value: unknown): void {
  const text = JSON.stringify(value)
  expect(forms.some((f) => text.includes(f))).toBe(true)
}

describe('bodies as text', () => {
  const manifest = `apiVersion: v1
kind: Secret
metadata:
  name: coffre
stringData:
  motdepasse: ${CANARY}
`

  it('a YAML manifest, by what it addresses or by the kind it names', () => {
    for (const about of [SECRETS, {}]) {
      const shown = redact(manifest, about)
      expectNoCanary(shown.value, 'the manifest')
      expect(shown.value).toContain('name: coffre')
      expect(shown.redacted).toEqual(['/stringData/motdepasse'])
    }
  })

  it('a merge patch with no kind is only known by its address', () => {
    const patch = JSON.stringify({ stringData: { motdepasse: CANARY } })
    expectNoCanary(redact(patch, SECRETS).value, 'the patch')
    expect(redact(patch, { group: '', resource: 'configmaps' }).value).toBe(patch)
  })

  it('what cannot be read, about a Secret, goes whole', () => {
    expect(redact(`{"stringData": {"k": "${CANARY}"`, SECRETS)).toEqual({
      value: REDACTED,
      redacted: [''],
    })
  })

  it('text that is no manifest is only scrubbed', () => {
    const log = 'line one\nkey: value\nAuthorization: Bearer abcdefgh12345678\n'
    expect(redact(log, { resource: 'pods', subresource: 'log' }).value).toBe(
      `line one\nkey: value\nAuthorization: Bearer ${REDACTED}\n`,
    )
  })
})

describe('anywhere else', () => {
  it('a certificate in a ConfigMap, a token-named field, a bearer header', () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIC\n-----END CERTIFICATE-----'
    const shown = redact({
      kind: 'ConfigMap',
      apiVersion: 'v1',
      data: { 'ca.crt': pem, note: 'plain' },
      spec: { token: 'abc' },
    })
    expect(shown.value).toEqual({
      kind: 'ConfigMap',
      apiVersion: 'v1',
      data: { 'ca.crt': REDACTED, note: 'plain' },
      spec: { token: REDACTED },
    })
    expect(shown.redacted).toEqual(['/data/ca.crt', '/spec/token'])
  })
})

for (const series of SERIES) {
  describe(`recorded from kube-apiserver ${series}`, () => {
    const fixture = (name: string) => load(series, name)

    describe('Secrets as the API server sends them', () => {
      it('a Secret: data, and the last-applied annotation kubectl apply left', () => {
        const { request, response } = fixture('secret-get')
        expectCanary(response.body)
        expect(addressOf(request.path)).toMatchObject(SECRETS)
        const shown = redact(response.body, addressOf(request.path))
        expectNoCanary(shown.value, 'the Secret')
        expect(shown.redacted).toEqual([
          '/data/motdepasse',
          '/metadata/annotations/kubectl.kubernetes.io~1last-applied-configuration',
        ])
        // Its kind says so too, without the address.
        expectNoCanary(redact(response.body).value, 'the Secret by kind')
      })

      it('a list: its items carry no kind, the address or the list kind says what they are', () => {
        const { request, response } = fixture('secret-list')
        const items = (response.body as { items: { kind?: string }[] }).items
        expect(items.length).toBeGreaterThan(0)
        expect(items[0]?.kind).toBeUndefined()
        expectCanary(response.body)
        const shown = redact(response.body, addressOf(request.path))
        expectNoCanary(shown.value, 'the list')
        expect(shown.redacted).toContain('/items/0/data/motdepasse')
        expectNoCanary(redact(response.body).value, 'the list by its kind')
      })

      it('a Table: its rows hold metadata only, the annotation among it; only the address tells', () => {
        const { request, response } = fixture('secret-list-table')
        const body = response.body as { kind: string; rows: { object: { kind: string } }[] }
        expect(body.kind).toBe('Table')
        expect(body.rows[0]?.object.kind).toBe('PartialObjectMetadata')
        expectCanary(body)
        const shown = redact(body, addressOf(request.path))
        expectNoCanary(shown.value, 'the Table')
        expect(shown.redacted[0]).toMatch(/^\/rows\/0\/object\/metadata\/annotations\//)
        // Kind alone cannot tell a Secret's row: why every path passes what it addressed.
        expect(JSON.stringify(redact(body).value)).toContain(CANARY)
      })

      it('watch events, as read line by line or as one array', () => {
        const { request, response } = fixture('secret-watch')
        const events = response.body as { type: string }[]
        expect(events.map((e) => e.type)).toContain('MODIFIED')
        expectCanary(events)
        for (const e of events) expectNoCanary(redact(e, addressOf(request.path)).value, e.type)
        expectNoCanary(redact(events).value, 'the events by kind')
      })

      it('a JSON patch sent: the value it writes goes, the label it adds stays', () => {
        const { request, response } = fixture('secret-json-patch')
        const about = addressOf(request.path)
        const sent = redact(request.body, about)
        expectNoCanary(sent.value, 'the patch')
        expect(sent.redacted).toEqual(['/0/value'])
        expect((sent.value as { value: unknown }[])[1]?.value).toEqual({ equipe: 'web' })
        // As the text it was sent as.
        expectNoCanary(redact(JSON.stringify(request.body), about!).value, 'the patch text')
        expectNoCanary(redact(response.body, about).value, 'the patched Secret')
      })

      it('a dry-run create: the body sent has no kind, the answer is a Secret', () => {
        const { request, response } = fixture('secret-dry-run-create')
        expect((request.body as { kind?: string }).kind).toBeUndefined()
        const about = addressOf(request.path)
        expectNoCanary(redact(request.body, about).value, 'the body sent')
        expectNoCanary(redact(response.body, about).value, 'the dry-run answer')
      })
    })

    describe('tokens', () => {
      it('a TokenRequest’s token, by address and by kind', () => {
        const { request, response } = fixture('tokenrequest')
        const about = addressOf(request.path)
        expect(about).toMatchObject({
          group: '',
          resource: 'serviceaccounts',
          subresource: 'token',
        })
        expect(JSON.stringify(response.body)).toMatch(JWT)
        const shown = redact(response.body, about)
        expect(shown.redacted).toEqual(['/status/token'])
        expect((shown.value as { status: { token: string } }).status.token).toBe(REDACTED)
        expect(JSON.stringify(redact(response.body).value)).not.toMatch(JWT)
      })

      it('a TokenReview’s spec.token, in the request and in the answer that repeats it', () => {
        const { request, response } = fixture('tokenreview')
        const token = (request.body as { spec: { token: string } }).spec.token
        expect(JSON.stringify(response.body)).toContain(token)
        const about = addressOf(request.path)
        expect(about).toMatchObject({ group: 'authentication.k8s.io', resource: 'tokenreviews' })
        for (const body of [request.body, response.body]) {
          const shown = redact(body, about)
          expect(shown.redacted).toEqual(['/spec/token'])
          expect(JSON.stringify(shown.value)).not.toContain(token)
          expect(JSON.stringify(redact(body).value)).not.toContain(token)
        }
        // The request as typed text (the lab's "Body sent").
        expect(redact(JSON.stringify(request.body), about!).value).not.toContain(token)
      })
    })

    describe('audit events at RequestResponse level', () => {
      const events = () =>
        fixture('audit-requestresponse').response.body as {
          objectRef?: { resource?: string; subresource?: string; name?: string }
          verb: string
          requestObject?: unknown
          responseObject?: unknown
        }[]

      it('hold the values, and none survives', () => {
        const reviewed = `${CANARY}-token`
        expectCanary(events())
        const resources = new Set(events().map((e) => e.objectRef?.resource))
        expect([...resources]).toEqual(
          expect.arrayContaining(['secrets', 'serviceaccounts', 'tokenreviews']),
        )
        for (const e of events()) {
          const shown = JSON.stringify(redact(e).value)
          expectNoCanary(shown, `${e.verb} ${e.objectRef?.resource}`)
          expect(shown).not.toMatch(JWT)
          expect(shown).not.toContain(reviewed)
        }
      })

      it('a request body about a Secret goes whole; an answer that is a Secret keeps its shape', () => {
        const create = events().find(
          (e) => e.verb === 'create' && e.objectRef?.resource === 'secrets',
        )
        if (!create) throw new Error('no Secret create in the fixture')
        const shown = redact(create)
        expect(shown.redacted).toContain('/requestObject')
        const answer = (shown.value as { responseObject: { metadata: { name: string } } })
          .responseObject
        expect(answer.metadata.name).toBe('coffre')
        expect(shown.redacted).toContain('/responseObject/data/motdepasse')
      })

      it('a list in an audit answer: the objectRef says its items are Secrets', () => {
        const list = events().find((e) => e.verb === 'list' && e.objectRef?.resource === 'secrets')
        if (!list) throw new Error('no Secret list in the fixture')
        expectNoCanary(redact(list).value, 'the audited list')
      })
    })

    describe('a walkthrough step that lists Secrets', () => {
      it('shows the list and its watch events redacted', () => {
        const list = fixture('secret-list')
        expectNoCanary(
          displayBody(list.response.body, [], addressOf(list.request.path)),
          'the step body',
        )
        const watch = fixture('secret-watch')
        for (const line of watch.response.body as unknown[])
          expectNoCanary(displayBody(line, [], addressOf(watch.request.path)), 'a watch line')
      })
    })

    describe('a recording’s lines and an export', () => {
      it('the body a lab send typed and a what-if manifest, as they are kept', () => {
        const { request } = fixture('secret-dry-run-create')
        const lab = redactLine({
          kind: 'answer',
          t: 1,
          channel: 'lab:send',
          payload: {
            verb: 'create',
            group: '',
            version: 'v1',
            resource: 'secrets',
            body: JSON.stringify(request.body),
          },
          answer: { ok: true, value: {} },
        })
        expectNoCanary(lab, 'a lab send')
        const whatIf = redactLine({
          kind: 'answer',
          t: 2,
          channel: 'ownership:what-if',
          payload: { manifest: `kind: Secret\napiVersion: v1\nstringData:\n  k: ${CANARY}\n` },
          answer: { ok: false },
        })
        expectNoCanary(whatIf, 'a what-if')
        const object = redactLine({
          kind: 'emit',
          t: 3,
          channel: 'traffic:batch',
          payload: fixture('audit-requestresponse').response.body,
        })
        expectNoCanary(object, 'pushed audit events')
      })
    })
  })
}
