// What an apply would do before it is sent: a server-side apply with dryRun=All as the chosen
// field manager, compared with the live object. Either the result (the diff, the fields the
// manager gains, and the fields it owned alone and no longer sets, which the server removes or
// resets to their default: the seed's exercise 3) or the conflict, field by field.
// Ref: https://kubernetes.io/docs/reference/using-api/server-side-apply/
import {
  compareOwnership,
  findOwnedField,
  indexOwnership,
  managerKey,
  resolvePath,
  type PathSegment,
} from '@common/managed-fields'
import type { ReleasedField, WhatIfResult } from '@features/ownership/messages'
import { redact } from '@common/redaction'
import { parseWarningHeader, shownWarnings } from '@common/server-warnings'
import { fail, ok, type Result, type SaidAs } from '@common/result'
import { saidError } from '@common/said-error'
import { said } from '@i18n/translate'
import type { ClusterSession } from '../../core/cluster-session'
import { describeHttpFailure } from '../../core/failure-messages'
import { fieldChanges } from '../../core/watch/field-changes'
import { conflictFields } from './conflict-causes'
import { coOwnFields, dropFields, parseManifest, printManifest } from './manifest-edits'
import { getObject, objectPath, refOf, resourceFor } from './object-source'

type Obj = Record<string, unknown>

export interface WhatIfInput {
  manifest: string
  fieldManager: string
  force: boolean
  resolve?: { way: 'drop' | 'co-own'; fields: string[] }
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`

export function kubectlApplyCommand(context: string, fieldManager: string, force: boolean): string {
  return [
    'kubectl',
    `--context ${shellQuote(context)}`,
    'apply --server-side',
    `--field-manager=${shellQuote(fieldManager)}`,
    '--dry-run=server',
    ...(force ? ['--force-conflicts'] : []),
    '-f manifest.yaml',
  ].join(' ')
}

// Set by the server on every write; they would fill the diff without saying anything.
function withoutVolatile(object: unknown): Obj {
  const o = (typeof object === 'object' && object !== null ? object : {}) as Obj
  const metadata = { ...((o.metadata ?? {}) as Obj) }
  delete metadata.managedFields
  delete metadata.resourceVersion
  return { ...o, metadata }
}

/** What the manager owned in `live` and no longer owns in `result`, and what became of each. */
export function releasedFields(
  live: unknown,
  result: unknown,
  fieldManager: string,
): ReleasedField[] {
  const self = managerKey({ manager: fieldManager, operation: 'Apply', subresource: null })
  const change = compareOwnership(live, result).find((c) => managerKey(c.identity) === self)
  const index = indexOwnership(live)
  return (change?.lost ?? []).map((path) => {
    const keptBy = (findOwnedField(index, path.text)?.owners ?? [])
      .filter((owner) => managerKey(owner) !== self)
      .map((owner) => owner.manager)
    const before = resolvePath(live, path.segments)
    const after = resolvePath(result, path.segments)
    const effect: ReleasedField['effect'] = !after.found
      ? 'removed'
      : before.found && JSON.stringify(before.value) === JSON.stringify(after.value)
        ? 'kept'
        : 'reset'
    return {
      field: path.text,
      keptBy,
      effect,
      ...(before.found ? { before: before.value } : {}),
      ...(after.found ? { after: after.value } : {}),
    }
  })
}

export function gainedFields(live: unknown, result: unknown, fieldManager: string): string[] {
  const self = managerKey({ manager: fieldManager, operation: 'Apply', subresource: null })
  const change = compareOwnership(live ?? {}, result).find((c) => managerKey(c.identity) === self)
  return (change?.gained ?? []).map((path) => path.text)
}

export async function whatIfApply(
  session: ClusterSession,
  input: WhatIfInput,
): Promise<Result<WhatIfResult>> {
  const parsed = parseManifest(input.manifest)
  if (!parsed.ok) return parsed
  const manifest = parsed.value
  const resource = await resourceFor(session, manifest.apiVersion, manifest.kind)
  if (!resource.ok) return resource
  if (!resource.value.verbs.includes('patch'))
    return fail(
      saidError(
        'bad-request',
        said('own.err.noPatch.title', { resource: resource.value.name }),
        said('own.err.noPatch.detail', { verbs: resource.value.verbs.join(', ') }),
        said('own.err.noPatch.next'),
      ),
    )
  const ref = refOf(resource.value, manifest.namespace ?? session.info.namespace, manifest.name)
  const live = await getObject(session, ref)
  if (!live.ok) return live

  let object = manifest.object
  let text = input.manifest
  const edits: string[] = []
  const editsSaid: SaidAs[] = []
  if (input.resolve) {
    const index = indexOwnership(live.value)
    const paths: PathSegment[][] = []
    for (const field of input.resolve.fields) {
      const owned = findOwnedField(index, field)
      if (owned) paths.push(owned.segments)
      else {
        const unowned = said('own.edit.unowned', { field })
        edits.push(unowned.text)
        editsSaid.push(unowned.as)
      }
    }
    const edited =
      input.resolve.way === 'drop'
        ? dropFields(object, paths)
        : coOwnFields(object, paths, live.value)
    object = edited.object
    edits.push(...edited.edits)
    editsSaid.push(...edited.editsSaid)
    text = printManifest(object, manifest.format)
  }

  const path = objectPath(ref)
  const query = {
    dryRun: 'All',
    fieldManager: input.fieldManager,
    ...(input.force ? { force: 'true' } : {}),
  }
  const base = {
    // The manifest comes back (a way out may have edited it, co-owning copies live values).
    manifest: redact(text, ref).value,
    edits,
    editsSaid,
    ref,
    fieldManager: input.fieldManager,
    force: input.force,
    kubectl: kubectlApplyCommand(session.config.context, input.fieldManager, input.force),
    url: session.transport.urlFor(path, query),
  }
  let res
  try {
    res = await session.transport.request({
      method: 'PATCH',
      path,
      query,
      // As typed when no way out edited it, as kubectl reads its file: the server's YAML reader
      // warns about a repeated key, which a parsed copy would have lost.
      body: input.resolve ? JSON.stringify(object) : input.manifest,
      contentType: 'application/apply-patch+yaml',
    })
  } catch (error) {
    return fail(session.transport.describe(error))
  }
  let body: unknown = null
  try {
    body = JSON.parse(res.body)
  } catch {
    // Not JSON: described below as an HTTP failure.
  }
  const warnings = shownWarnings(parseWarningHeader(res.headers.warning), ref)
  const answered = { ...base, ...(warnings.length ? { warnings } : {}) }
  const shownLive = live.value ? redact(live.value, ref).value : null
  if (res.status === 409 && (body as { reason?: string } | null)?.reason === 'Conflict') {
    // The manifest's values are shown beside the live ones: redacted alike.
    const shownManifest = redact(object, ref).value
    const { message, conflicts } = conflictFields(redact(body, ref).value, shownLive, shownManifest)
    return ok({ ...answered, outcome: 'conflict', message, conflicts })
  }
  const refusal = (body as { message?: unknown } | null)?.message
  const undeclared =
    typeof refusal === 'string' ? /: (\S+): field not declared in schema$/.exec(refusal) : null
  if (res.status === 500 && undeclared)
    // Checked on 1.20.2 and 1.37.2: a field the schema lacks fails the apply's typed patch, a 500
    // whatever fieldValidation says, where a create or an update drops it with a warning.
    return fail(
      saidError(
        'http',
        said('own.err.undeclared.title', { field: undeclared[1] ?? '', kind: manifest.kind }),
        said('own.err.undeclared.detail', { refusal: String(redact(refusal).value) }),
        said('own.err.undeclared.next'),
      ),
    )
  if (res.status < 200 || res.status >= 300 || body === null)
    return fail(
      describeHttpFailure({
        status: res.status,
        body: res.body,
        path,
        context: session.config.context,
      }),
    )
  const result = redact(body, ref).value
  return ok({
    ...answered,
    outcome: 'applied',
    created: live.value === null,
    live: shownLive,
    result,
    changes: shownLive ? fieldChanges(withoutVolatile(shownLive), withoutVolatile(result)) : [],
    gained: gainedFields(shownLive, result, input.fieldManager),
    released: shownLive ? releasedFields(shownLive, result, input.fieldManager) : [],
  })
}
