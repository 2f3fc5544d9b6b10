// Presenter mode's "hide server URLs, IPs and user names", for every view at once: text nodes
// under the root are rewritten as they appear or change, and restored when the option goes off.
// Svelte sets a text node's whole value on update, so a rewritten node is simply masked again.
// A context's name is not a user name, even when it is spelled like one (kubeconfigs often name
// both after the cluster): text under [data-context-name] is left as it is.
import { maskIdentifiers } from '@common/redaction'

const CONTEXT_NAME = '[data-context-name]'

export function maskTextUnder(root: HTMLElement, userNames: () => string[]): () => void {
  const originals = new WeakMap<Text, string>()
  const touched = new Set<Text>()
  const mask = (node: Text) => {
    if (node.parentElement?.closest(CONTEXT_NAME)) return
    const value = node.nodeValue ?? ''
    const masked = maskIdentifiers(value, userNames())
    if (masked !== value) {
      originals.set(node, value)
      touched.add(node)
      node.nodeValue = masked
    }
  }
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) return mask(node as Text)
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) mask(n as Text)
  }
  const maskInputs = () => {
    for (const el of root.querySelectorAll<HTMLInputElement>(
      'input[type=text], input:not([type])',
    )) {
      el.classList.toggle('identifier-hidden', maskIdentifiers(el.value, userNames()) !== el.value)
    }
  }
  walk(root)
  maskInputs()
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') mask(r.target as Text)
      else r.addedNodes.forEach(walk)
    }
    maskInputs()
  })
  observer.observe(root, { subtree: true, childList: true, characterData: true })
  return () => {
    observer.disconnect()
    for (const node of touched) {
      const original = originals.get(node)
      if (original !== undefined && node.isConnected) node.nodeValue = original
    }
    for (const el of root.querySelectorAll('.identifier-hidden'))
      el.classList.remove('identifier-hidden')
  }
}
