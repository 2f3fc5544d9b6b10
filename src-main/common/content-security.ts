// The Content-Security-Policy both hosts send with the renderer. No inline or remote script, no
// eval, no plugins, no framing; the only connection allowed is the browser-mode WebSocket.
export function contentSecurityPolicy(websocketOrigins: string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    // Svelte sets style attributes for transitions and sizing.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${websocketOrigins.map((o) => ` ${o}`).join('')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}
