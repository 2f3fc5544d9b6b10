// An SVG <text> that must stay inside its box (a client's name in Live traffic's architecture): a
// name from the cluster (a user agent, a user, a namespace a test made) can be of any length.
import type { Attachment } from 'svelte/attachments'

/**
 * Shows `text` in the <text> element whole when it fits `maxWidth` (the SVG's user units, as the
 * element measures itself), else its longest start that fits, followed by "…". The caller keeps
 * the whole text where it can be read (a <title>). Measured as drawn, in the element's own font;
 * an element not drawn (0 wide) shows the whole text.
 */
export function fitSvgText(text: string, maxWidth: number): Attachment<SVGTextElement> {
  return (node) => {
    node.textContent = text
    if (node.getComputedTextLength() <= maxWidth) return
    let fits = 0
    let over = text.length
    while (over - fits > 1) {
      const mid = (fits + over) >> 1
      node.textContent = `${text.slice(0, mid).trimEnd()}…`
      if (node.getComputedTextLength() <= maxWidth) fits = mid
      else over = mid
    }
    node.textContent = `${text.slice(0, fits).trimEnd()}…`
  }
}
