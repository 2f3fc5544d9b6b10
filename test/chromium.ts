// Debian's Chromium, as every browser test and benchmark here launches it: Playwright's own browser
// download is not available offline, and without the background-networking flags Chromium keeps
// trying hosts this machine cannot reach.
export const CHROMIUM_PATH = process.env.APISCOPE_CHROMIUM ?? '/usr/bin/chromium'

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
