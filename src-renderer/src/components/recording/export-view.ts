// Exports what is on screen as PNG or SVG for slides (html-to-image draws the DOM through an SVG
// foreignObject). The DOM holds no secret (the core redacts before sending); the SVG's text is
// scrubbed once more, and identifiers are masked when presenter mode hides them.
import { toPng, toSvg } from 'html-to-image'
import { maskIdentifiers, scrubText } from '@common/redaction'

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
