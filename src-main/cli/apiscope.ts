// The `apiscope` command line. `serve` runs browser mode: the core plus a loopback server for the
// renderer, printing the URL (token included) on a line of its own; `--demo` opens the bundled
// demo recording. `record` records headless (record-command.ts); `proxy` relays kubectl through
// Apiscope (proxy-command.ts). `apiscope <command> --help` prints that command's usage (usage.ts).
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startBrowserHost } from '../browser-host/server'
import { DEFAULT_STORE_BUDGET_MB } from '../core/watch/version-folding'
import { defaultSettingsFile } from '../core/settings-file'
import { ApiscopeCore } from '../assembly/apiscope-core'
import { openDemoUnlessClusterAnswers } from '../assembly/demo-fallback'
import { proxy, PROXY_USAGE } from './proxy-command'
import { record, RECORD_HELP } from './record-command'
import { demoFallbackLine, errorWords, say } from './cli-text'
import { EXIT_CODES, parseCommand, UsageError } from './usage'

const here = path.dirname(fileURLToPath(import.meta.url))
/** resources/demo, from out/main (built) and from src-main/cli (tsx) alike. */
const demoDir = path.join(here, '../../resources/demo')

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(here, '../../package.json'), 'utf8')) as {
      version?: string
    }
    return pkg.version ?? '0.0.0'
  } catch {
    return '0.0.0'
  }
}

// In the language of LC_ALL / LC_MESSAGES / LANG (cli-text.ts).
const SERVE_USAGE = `${say('cli.serveUsage')}
${say('store.serveFlag', { mb: DEFAULT_STORE_BUDGET_MB })}`

const FOOTER = `${say('cli.footer')}
${say('cli.language')}

${EXIT_CODES}`

const HELP = `${say('cli.title', { version: packageVersion() })}

${say('cli.usage')}
${SERVE_USAGE}
${RECORD_HELP}
${PROXY_USAGE}
${say('cli.commandHelp')}
  apiscope --version | --help

${FOOTER}`

/** One command's usage, as `apiscope <command> --help` prints it. */
const usageOf = (lines: string) => `${say('cli.usage')}\n${lines}\n\n${FOOTER}`
const USAGES: Record<string, string> = {
  serve: usageOf(SERVE_USAGE),
  record: usageOf(RECORD_HELP),
  proxy: usageOf(PROXY_USAGE),
}

/** Opens the URL in the desktop's browser when there is a desktop; says nothing otherwise. */
export function openInBrowser(url: string): boolean {
  const hasDesktop =
    process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY)
  if (!hasDesktop) return false
  const [cmd, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]]
  try {
    const child = spawn(cmd, args as string[], { stdio: 'ignore', detached: true })
    child.on('error', () => undefined)
    child.unref()
    return true
  } catch {
    return false
  }
}

async function serve(argv: string[]): Promise<void> {
  const parsed = parseCommand(USAGES.serve ?? '', argv, {
    port: { type: 'string' },
    'no-open': { type: 'boolean', default: false },
    demo: { type: 'boolean', default: false },
    'demo-if-no-cluster': { type: 'boolean', default: false },
    'store-budget': { type: 'string' },
  })
  if (!parsed) return
  const values = parsed as {
    port?: string
    'no-open': boolean
    demo: boolean
    'demo-if-no-cluster': boolean
    'store-budget'?: string
  }
  const budget = values['store-budget']
  const storeBudgetMb = budget === undefined ? undefined : Number(budget)
  if (storeBudgetMb !== undefined && !(budget?.trim() && storeBudgetMb >= 0)) {
    throw new UsageError(say('store.badBudget', { value: budget ?? '' }))
  }
  const port = values.port === undefined ? 0 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(say('cli.port', { value: values.port ?? '' }))
  }
  const rendererDir = path.join(here, '../renderer')
  if (!existsSync(path.join(rendererDir, 'index.html'))) {
    throw new Error(say('cli.notBuilt', { dir: rendererDir }))
  }
  const core = new ApiscopeCore({
    host: 'browser',
    version: packageVersion(),
    demoDir,
    settingsFile: defaultSettingsFile(),
    ...(storeBudgetMb !== undefined ? { storeBudgetMb } : {}),
  })
  if (values.demo) {
    const opened = await core.recording.openDemo()
    if (!opened.ok) {
      const e = errorWords(opened.error)
      throw new Error(`${e.title}. ${e.nextStep}`)
    }
  } else if (values['demo-if-no-cluster']) {
    const fallback = await openDemoUnlessClusterAnswers(core)
    if (fallback) console.log(demoFallbackLine(fallback))
  }
  const host = await startBrowserHost({ core, rendererDir, port })
  console.log(say('cli.running'))
  console.log(host.url)
  if (!values['no-open']) openInBrowser(host.url)
  // Once, whatever asks: Ctrl-C in a terminal sends SIGINT to npm start's scripts/start.js too,
  // which passes it on, so a second signal may follow the first. Never longer than 3 s.
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    setTimeout(() => process.exit(0), 3000).unref()
    await host.close()
    core.close()
    process.exit(0)
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void stop())
  // Started by scripts/start.js with an IPC channel: when that process goes, even killed with
  // SIGKILL, the channel closes, and so does this server.
  if (process.channel) {
    process.on('disconnect', () => void stop())
    process.channel.unref()
  }
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv
  try {
    switch (command) {
      case 'serve':
        await serve(rest)
        return 0
      case 'record':
        // Exit at once: the audit receiver and watches would otherwise keep the loop alive.
        return process.exit(
          await record(
            new ApiscopeCore({ host: 'browser', version: packageVersion(), demoDir }),
            rest,
            USAGES.record ?? '',
          ),
        )
      case 'proxy':
        return process.exit(
          await proxy(
            new ApiscopeCore({ host: 'browser', version: packageVersion(), demoDir }),
            rest,
            USAGES.proxy ?? '',
          ),
        )
      case '--version':
      case '-v':
        console.log(packageVersion())
        return 0
      case undefined:
      case '--help':
      case '-h':
        console.log(HELP)
        return 0
      case 'help': {
        // `apiscope help record` is `apiscope record --help`, as git and kubectl read it.
        const [topic] = rest
        if (topic === undefined) console.log(HELP)
        else if (USAGES[topic]) console.log(USAGES[topic])
        else throw new UsageError(say('cli.unknownCommand', { command: topic }))
        return 0
      }
      default:
        // An option before any command (`apiscope --port 80`) is named as an option.
        console.error(
          `apiscope: ${
            command.startsWith('-')
              ? say('cli.unknownOption', { option: command })
              : say('cli.unknownCommand', { command })
          }\n\n${HELP}`,
        )
        return 2
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`apiscope ${command}: ${error.message}\n\n${USAGES[command ?? ''] ?? HELP}`)
      return 2
    }
    console.error(`apiscope: ${(error as Error).message}`)
    return 1
  }
}

const code = await main(process.argv.slice(2))
if (code !== 0) process.exit(code)
