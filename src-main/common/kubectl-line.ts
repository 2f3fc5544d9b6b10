// A kubectl equivalent as Apiscope prints it: the command, then a comment with the notes where it
// differs from what was sent (`kubectl get …  # note; note`), or a comment line alone when no
// kubectl command sends it. The notes are catalogue messages, so the line is said in a language;
// the command is kubectl's own words. Pure: the lab's core (English) and the renderer share it.
import type { SaidAs } from './result'

export interface KubectlLineSaid {
  /** '' when no kubectl command sends the request: the line is then the comment alone. */
  command: string
  notes: SaidAs[]
}

/** The line with each note said by `say` (English in the core, the person's language on screen). */
export function kubectlLineText(line: KubectlLineSaid, say: (note: SaidAs) => string): string {
  const comment = line.notes.map(say).join('; ')
  if (!line.command) return `# ${comment}`
  return comment ? `${line.command}  # ${comment}` : line.command
}
