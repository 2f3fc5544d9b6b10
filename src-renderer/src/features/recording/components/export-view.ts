// Exports what is on screen as PNG or SVG for slides: the visible area of the view (scrolled where
// the person scrolled, SVG diagrams and canvases included, every computed style inlined) or one
// panel marked `data-export-panel="Name"`. modern-screenshot draws the DOM through an SVG
// foreignObject. The DOM holds no secret (the core redacts before sending); the SVG's text is
// scrubbed once more, and identifiers are masked when presenter mode hides them.
import { domToForeignObjectSvg, domToPng, type Options } from 'modern-screenshot'
import { maskIdentifiers, scrubText } from '@common/redaction'
import type { AppState } from '../../../shell/app-state.svelte'

/** User names the presenter's "hide identifiers" masks: the kubeconfig's and the identity's. */
export function userNamesOf(app: AppState): string[] {
  const names =
    app.kubeconfig.status === 'ready' ? app.kubeconfig.value.contexts.map((c) => c.user) : []
  if (app.identity.status === 'ready') names.push(app.identity.value.username)
  return names.filter((n) => n.length >= 3)
}

/** The visible area of the view, or one of its panels (`data-export-panel`). */
export interface ExportTarget {
  id: string
  label: string
}

export const VISIBLE_AREA: ExportTarget = { id: 'view', label: 'Visible area' }

const mainView = () => document.querySelector<HTMLElement>('main.main')

function panels(): { target: ExportTarget; node: HTMLElement }[] {
  const seen = new Map<string, number>()
  const out: { target: ExportTarget; node: HTMLElement }[] = []
  for (const node of mainView()?.querySelectorAll<HTMLElement>('[data-export-panel]') ?? []) {
    const name = node.dataset.exportPanel || 'Panel'
    const n = (seen.get(name) ?? 0) + 1
    seen.set(name, n)
    const label = n === 1 ? name : `${name} ${n}`
    out.push({ target: { id: `panel:${label}`, label }, node })
  }
  return out
}

/** What can be exported now: the visible area, then each panel of the view, in page order. */
export function exportTargets(): ExportTarget[] {
  return [VISIBLE_AREA, ...panels().map((p) => p.target)]
}

/** The view (or a panel of it) as the presenter chose to show it; returns the file's name. */
export async function exportMainView(
  app: AppState,
  format: 'png' | 'svg',
  targetId: string = VISIBLE_AREA.id,
): Promise<string> {
  const main = mainView()
  if (!main) return 'nothing to export'
  const node =
    targetId === VISIBLE_AREA.id ? main : panels().find((p) => p.target.id === targetId)?.node
  if (!node) return 'that panel is no longer on screen'
  return exportView(node, format, {
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

/** At least twice the CSS size, so that a 1280 px view fills a 1920 px slide sharply. */
const scale = () => Math.max(2, typeof devicePixelRatio === 'number' ? devicePixelRatio : 1)

export async function exportView(
  node: HTMLElement,
  format: 'png' | 'svg',
  options: { hideIdentifiers: boolean; userNames: string[] },
): Promise<string> {
  const root = getComputedStyle(document.documentElement)
  // The node's own background when it has one (a panel), else the page's.
  const own = getComputedStyle(node).backgroundColor
  const background =
    own && own !== 'rgba(0, 0, 0, 0)' && own !== 'transparent'
      ? own
      : root.getPropertyValue('--bg').trim() || '#0f1720'
  // The area inside the node's scroll bars, at its exact size (a rounded width would lay a grid
  // out differently): the export has the size and the scroll position of what is on screen,
  // without the bars (a picture for a slide does not scroll).
  const box = node.getBoundingClientRect()
  const style = getComputedStyle(node)
  const barX =
    node.offsetWidth -
    node.clientWidth -
    parseFloat(style.borderLeftWidth) -
    parseFloat(style.borderRightWidth)
  const barY =
    node.offsetHeight -
    node.clientHeight -
    parseFloat(style.borderTopWidth) -
    parseFloat(style.borderBottomWidth)
  const common: Options = {
    backgroundColor: background,
    filter,
    width: box.width - Math.max(0, barX),
    height: box.height - Math.max(0, barY),
    // The copy drops the root's margins; without this a <figure> takes its default 1em 40px back.
    style: { overflow: 'hidden', margin: '0' },
    // Every scrolled box (the view, a code block, a table) shows what it shows on screen.
    features: { restoreScrollPosition: true },
  }
  const name = `apiscope-${stamp()}.${format}`
  if (format === 'png') {
    download(await domToPng(node, { ...common, scale: scale() }), name)
    return name
  }
  // A vector SVG: the view's clone with its styles inlined, inside a foreignObject, so its text
  // stays text (domToSvg would wrap a PNG); canvases in it become images.
  const element = await domToForeignObjectSvg(node, common)
  let svg = new XMLSerializer().serializeToString(element)
  svg = scrubText(svg)
  if (options.hideIdentifiers) svg = maskIdentifiers(svg, options.userNames)
  download(URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' })), name)
  return name
}
