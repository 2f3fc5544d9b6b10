// The layer rule of docs/adr/0017 as an ESLint rule: it resolves each import (relative, @common/*,
// @features/*) to a path in the repository and checks the importer's layer may import the
// target's. Layers, bottom up:
//   src-main/common/                  runtime-neutral, shared by everything: imports only itself
//                                     (contract.ts and bridge-types.ts assemble the features'
//                                     messages.ts, so they may import those)
//   src-main/features/<f>/messages.ts, src-main/features/<f>/common/
//                                     a feature's runtime-neutral part: common, its own neutral
//                                     files, other features' messages.ts
//   src-main/core/                    plain Node below the features: common and itself
//   src-main/features/<f>/            a feature's Node side: common, core, itself, and other
//                                     features' messages.ts (their public contract), nothing else
//   src-main/assembly/                composes the features into the one core
//   src-main/{electron-main,preload,browser-host,cli}/   the hosts, on top: unchecked here
//   src-renderer/src/ui/              shared UI: itself and @common
//   src-renderer/src/features/<f>/    itself, ui, shell, @common, any feature's messages.ts, its
//                                     own feature's common/
//   src-renderer/src/shell/           the app: everything in the renderer
// Exceptions are listed in eslint.config.js (`allow`, each with why), never implied.
import path from 'node:path'

const HOSTS = ['electron-main', 'preload', 'browser-host', 'cli']

const stripExt = (p) => p.replace(/\.(svelte\.ts|svelte\.js|ts|js|mjs|svelte|json)$/, '')

/** The layer of a repository path (no extension), or null where the rule does not look. */
export function layerOf(p) {
  let m
  if (p.startsWith('src-main/common/')) return { layer: 'common' }
  if (p.startsWith('src-main/core/')) return { layer: 'core' }
  if (p.startsWith('src-main/assembly/')) return { layer: 'assembly' }
  if ((m = /^src-main\/features\/([^/]+)\/(.*)$/.exec(p))) {
    const rest = m[2]
    const messages = rest === 'messages'
    return {
      layer: 'feature',
      feature: m[1],
      messages,
      neutral: messages || rest.startsWith('common/'),
    }
  }
  if ((m = /^src-main\/([^/]+)\//.exec(p)) && HOSTS.includes(m[1])) return { layer: 'host' }
  if (p.startsWith('src-renderer/src/shell/')) return { layer: 'r-shell' }
  if (p.startsWith('src-renderer/src/ui/')) return { layer: 'r-ui' }
  if ((m = /^src-renderer\/src\/features\/([^/]+)\//.exec(p)))
    return { layer: 'r-feature', feature: m[1] }
  return null
}

/** Why `from` may not import `to`, or null when it may. */
export function refusal(fromPath, toPath) {
  const a = layerOf(fromPath)
  const b = layerOf(toPath)
  if (!a || !b || a.layer === 'host') return null
  const assembles = /^src-main\/common\/(contract|bridge-types)$/.test(fromPath)
  switch (a.layer) {
    case 'common':
      if (b.layer === 'common') return null
      if (assembles && b.layer === 'feature' && b.messages) return null
      return "src-main/common imports only itself (contract.ts and bridge-types.ts also the features' messages.ts)"
    case 'core':
      if (b.layer === 'common' || b.layer === 'core') return null
      return 'src-main/core is below the features: it imports only common and itself'
    case 'assembly':
      if (['common', 'core', 'feature', 'assembly'].includes(b.layer)) return null
      return 'src-main/assembly composes the core and the features only'
    case 'feature':
      if (b.layer === 'common') return null
      if (b.layer === 'feature' && b.messages) return null
      if (a.neutral) {
        if (b.layer === 'feature' && b.feature === a.feature && b.neutral) return null
        return "a feature's messages.ts and common/ are runtime-neutral: common, their own feature's neutral files, other features' messages.ts"
      }
      if (b.layer === 'core') return null
      if (b.layer === 'feature' && b.feature === a.feature) return null
      if (b.layer === 'feature')
        return `feature ${a.feature} imports feature ${b.feature}'s internals (only its messages.ts is public)`
      return `feature ${a.feature} imports up into ${b.layer}`
    case 'r-ui':
      if (b.layer === 'r-ui' || b.layer === 'common') return null
      return 'src-renderer/src/ui is shared UI: it imports only itself and @common'
    case 'r-feature':
      if (['r-ui', 'r-shell', 'common'].includes(b.layer)) return null
      if (b.layer === 'r-feature' && b.feature === a.feature) return null
      if (b.layer === 'feature' && (b.messages || (b.neutral && b.feature === a.feature)))
        return null
      if (b.layer === 'r-feature')
        return `renderer feature ${a.feature} imports renderer feature ${b.feature}`
      return `renderer feature ${a.feature} imports ${toPath} (only messages.ts and its own common/)`
    case 'r-shell':
      if (['r-shell', 'r-ui', 'r-feature', 'common'].includes(b.layer)) return null
      if (b.layer === 'feature' && b.neutral) return null
      return 'the renderer reaches src-main only through @common and @features (messages.ts, common/)'
  }
  return null
}

const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Imports go down the layers of docs/adr/0017; features never into each other',
    },
    schema: [
      {
        type: 'object',
        properties: {
          allow: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                from: { type: 'string' },
                to: { type: 'string' },
                why: { type: 'string' },
              },
              required: ['from', 'to', 'why'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: { layer: '{{spec}}: {{why}} (docs/adr/0017)' },
  },
  create(context) {
    const allow = context.options[0]?.allow ?? []
    const cwd = context.cwd
    const importer = path.relative(cwd, context.filename).split(path.sep).join('/')
    if (!layerOf(stripExt(importer))) return {}
    const from = stripExt(importer)
    const check = (node, spec) => {
      if (typeof spec !== 'string') return
      let target
      if (spec.startsWith('./') || spec.startsWith('../'))
        target = path.posix.normalize(path.posix.join(path.posix.dirname(importer), spec))
      else if (spec.startsWith('@common/')) target = 'src-main/common/' + spec.slice(8)
      else if (spec.startsWith('@features/')) target = 'src-main/features/' + spec.slice(10)
      else return
      target = stripExt(target)
      const why = refusal(from, target)
      if (!why) return
      if (allow.some((a) => from.startsWith(stripExt(a.from)) && target.startsWith(stripExt(a.to))))
        return
      context.report({ node, messageId: 'layer', data: { spec, why } })
    }
    const fromSource = (node) => node.source && check(node.source, node.source.value)
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value),
    }
  },
}

export default { meta: { name: 'apiscope-layers' }, rules: { layers: rule } }
