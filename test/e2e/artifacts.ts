import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { REPO_ROOT } from '../cluster/control-plane'

/** Screenshots every e2e run saves, for people to look at (CI keeps them as artifacts). */
export const SCREENSHOTS = path.join(REPO_ROOT, 'test/artifacts/screenshots')
mkdirSync(SCREENSHOTS, { recursive: true })
