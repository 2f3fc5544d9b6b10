// How every `apiscope` command reads its options: `--help` (or -h) prints that command's usage and
// exits 0; an unknown option or a bad value is a usage error, which names the option, prints the
// usage and exits 2. The exit codes are the same for every command (EXIT_CODES, in --help).
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { say } from './cli-text'

export const EXIT_CODES = say('cli.exitCodes')

/** A mistake in the command line, not in the run: exit code 2, with the command's usage. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>

/**
 * parseArgs, strict, with --help added. Returns null when --help was asked (the usage is printed);
 * throws UsageError for an unknown option, a missing value or a stray argument.
 */
export function parseCommand<O extends Options>(
  usage: string,
  argv: string[],
  options: O,
): ReturnType<typeof parseArgs<{ args: string[]; options: O; strict: true }>>['values'] | null {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage)
    return null
  }
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values
  } catch (error) {
    const e = error as NodeJS.ErrnoException
    if (typeof e.code === 'string' && e.code.startsWith('ERR_PARSE_ARGS_'))
      throw new UsageError(readable(e))
    throw error
  }
}

/** Node's message, without its advice about positionals (apiscope takes none). */
function readable(e: NodeJS.ErrnoException): string {
  const option = /'(-[^' ]*)/.exec(e.message)?.[1]
  switch (e.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return say('cli.unknownOption', { option: option ?? e.message })
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return option ? say('cli.needsValue', { option }) : e.message
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return say('cli.unexpected', { argument: /'([^']*)'/.exec(e.message)?.[0] ?? '' }).trim()
    default:
      return e.message
  }
}
