// Exports what is on screen as PNG or SVG for slides (html-to-image draws the DOM through an SVG
// foreignObject). The DOM holds no secret (the core redacts before sending); the SVG's text is
// scrubbed once more, and identifiers are masked when presenter mode hides them.
import { toPng, toSvg } from 'html-to-image'
import { maskIdentifiers, scrubText } from '@common/redaction'
import type { AppState } from '../../state/app-state.svelte'

/** User names the presenter's "hide identifiers" masks: the kubeconfig's and the identity's. */
export function userNamesOf(app: AppState): string[] {
  const names =
    app.kubeconfig.status === 'ready' ? app.kubeconfig.value.contexts.map((c) => c.user) : []
  if (app.identity.status === 'ready') names.push(app.identity.value.username)
  return names.filter((n) => n.length >= 3)
}

/** The main view (what is on screen right of the side bar), as the presenter chose to show it. */
export async function exportMainView(app: AppState, format: 'png' | 'svg'): Promise<string> {
  const main = document.querySelector<HTMLElement>('main.main')
  if (!main) return 'nothing to export'
  return exportView(main, format, {
    hideIdentifiers: app.recording.hideIdentifiers,
    userNames: userNamesOf(app),
  })
}

function download(href: string, name: string): void {
  const a = document.createElement('a')
  a.href = href
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
}

const stamp = () => new Date().toISOString().replace(/[:]/g, '-').replace(/\..*/, '')

/** Elements marked data-no-export (a revealed value, the export menu itself) stay out. */
const filter = (node: Node) => !(node instanceof HTMLElement && node.dataset.noExport !== undefined)

export async function exportView(
  node: HTMLElement,
  format: 'png' | 'svg',
  options: { hideIdentifiers: boolean; userNames: string[] },
): Promise<string> {
  const background = getComputedStyle(document.documentElement).getPropertyValue('--bg').trim()
  const common = { backgroundColor: background || '#0f1720', filter, cacheBust: false }
  const name = `apiscope-${stamp()}.${format}`
  if (format === 'png') {
    download(await toPng(node, { ...common, pixelRatio: 2 }), name)
    return name
  }
  const url = await toSvg(node, common)
  const comma = url.indexOf(',')
  let svg = decodeURIComponent(url.slice(comma + 1))
  svg = scrubText(svg)
  if (options.hideIdentifiers) svg = maskIdentifiers(svg, options.userNames)
  download(URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })), name)
  return name
}
