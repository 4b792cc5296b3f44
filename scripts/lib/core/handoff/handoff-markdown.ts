// The Markdown half of the handoff pair: a machine summary between two markers (re-rendered from
// the payload, so `--check` compares it whole) and the human notes below a binding marker naming
// the task and the subject the notes were written against. Notes are prose for the next session:
// a line that reads like a machine field (readiness, verdict, blocker, ...) is refused, so a note
// can never pass for the derived state.
import { UsageError } from '../errors.ts';
import { digestJson } from '../hash.ts';
import type { HandoffPayload, NotesBinding } from './handoff-payload.ts';

const BEGIN = '<!-- proofgate:handoff:begin -->';
const END = '<!-- proofgate:handoff:end -->';
const NOTES = /^<!-- proofgate:notes task=(\S+) subject=([0-9a-f]{16}) -->$/;
const NOTES_HEADING = '## Notes for the next session';

/** Field names a notes line may not start with (after list or quote marks): machine state only. */
const RESERVED =
  /^[\s>*#-]*(readiness|ready|verdict|blockers?|bindings?|status|granted|claim|handoff|task|target|rules|subject)\s*:/i;

export interface HandoffNotes {
  task: string;
  /** The first 16 hex of the digest of the bindings the notes were written against. */
  subject: string;
  lines: string[];
}

export interface ParsedHandoffMarkdown {
  machine: string | undefined;
  notes: HandoffNotes | undefined;
}

/** The notes binding of a payload: its task's subject, as the notes marker records it. */
export function notesSubject(payload: HandoffPayload): string {
  return digestJson(payload.bindings).slice(0, 16);
}

export function renderMachineSummary(p: HandoffPayload): string {
  const lines = [
    `Task ${p.task.id}: ${p.task.controls.join(', ') || '(no controls)'} at ${p.target}`,
    `Rules: ${p.rules}`,
    '',
    ...p.readiness.flatMap((r) => [
      `- ${r.scope}: ${r.ready ? 'READY' : 'NOT READY'}: ${r.verdict}`,
      ...r.blockers.map((id) => {
        const b = p.blockers.find((x) => x.id === id);
        const next = b?.next === undefined ? '' : ` → ${b.next}`;
        return `  - ${id} ${b?.status ?? '?'} ${b?.control ?? '?'} [${b?.stage ?? '?'}]: ${b?.reason ?? ''}${next}`;
      }),
    ]),
    '',
    'Bindings (what each status was judged on):',
    ...p.bindings.map((b) => `- ${b.control} ${b.status} tree ${b.tree.slice(0, 12)}`),
  ];
  return lines.join('\n');
}

export function renderHandoffMarkdown(p: HandoffPayload, notes: HandoffNotes): string {
  return [
    `# Task handoff: ${p.task.id}`,
    '',
    'Derived by proofgate (status --handoff); the machine part is checked, never trusted.',
    '',
    BEGIN,
    renderMachineSummary(p),
    END,
    '',
    NOTES_HEADING,
    '',
    `<!-- proofgate:notes task=${notes.task} subject=${notes.subject} -->`,
    ...notes.lines,
    '',
  ].join('\n');
}

/** Splits an existing Markdown half (agent-writable) into its machine part and its notes. */
export function parseHandoffMarkdown(text: string, where: string): ParsedHandoffMarkdown {
  const lines = text.split('\n');
  const begin = lines.indexOf(BEGIN);
  const end = lines.indexOf(END);
  const machine = begin >= 0 && end > begin ? lines.slice(begin + 1, end).join('\n') : undefined;
  const at = lines.findIndex((l) => NOTES.test(l));
  if (at < 0) return { machine, notes: undefined };
  const [, task = '', subject = ''] = NOTES.exec(lines[at] ?? '') ?? [];
  const body = lines.slice(at + 1);
  while (body.length > 0 && body[body.length - 1]?.trim() === '') body.pop();
  refuseReservedLines(body, at + 2, where);
  return { machine, notes: { task, subject, lines: body } };
}

/**
 * Every read of the pair checks the notes marker: it must name the pair's task, and the task and
 * subject `--write` recorded in the JSON half (`notes`), so a marker edited to name another task
 * or another subject is refused (exit 2, naming both) instead of shown as the task's notes.
 * `recorded` undefined: the JSON half records no binding (a pair of an earlier release, or the
 * field removed): refused on a read (`required`), left to `--write` to record.
 */
export function checkNotesMarker(
  notes: NotesBinding,
  pair: { task: string; recorded: NotesBinding | undefined; required: boolean },
  where: { md: string; json: string; rewrite: string },
): void {
  if (notes.task !== pair.task)
    throw new UsageError(
      'BAD_VALUE',
      `the human notes in ${where.md} belong to task ${notes.task}, not to task ${pair.task} the handoff is for`,
      {
        where: where.md,
        expected: `a notes marker of task ${pair.task}`,
        next: `move those notes elsewhere and delete ${where.md}, then run ${where.rewrite}`,
      },
    );
  const recorded = pair.recorded;
  if (recorded === undefined) {
    if (!pair.required) return;
    throw new UsageError(
      'BAD_VALUE',
      `${where.json} records no notes binding for the marker in ${where.md} (task ${notes.task}, subject ${notes.subject})`,
      {
        where: where.json,
        expected: 'the "notes" binding status --handoff --write records',
        next: where.rewrite,
      },
    );
  }
  if (recorded.task === notes.task && recorded.subject === notes.subject) return;
  throw new UsageError(
    'BAD_VALUE',
    `the notes marker in ${where.md} names task ${notes.task} subject ${notes.subject}, but the pair was written with notes of task ${recorded.task} subject ${recorded.subject} (${where.json})`,
    {
      where: where.md,
      expected: `<!-- proofgate:notes task=${recorded.task} subject=${recorded.subject} --> as written`,
      next: `put the marker back as written, then run it again (notes written against an older subject are bound to the new one by ${where.rewrite} --acknowledge-notes)`,
    },
  );
}

function refuseReservedLines(lines: readonly string[], first: number, where: string): void {
  const bad = lines
    .map((line, i) => ({ line, n: first + i }))
    .filter(({ line }) => RESERVED.test(line) || line.includes('<!-- proofgate:'));
  if (bad.length === 0) return;
  throw new UsageError('BAD_INPUT', `the human notes hold ${bad.length} reserved field line(s)`, {
    where: `${where}:${bad[0]?.n ?? first}`,
    problems: bad.map(({ line, n }) => `${where}:${n}: ${line.trim()}`),
    expected: 'prose notes; readiness, blockers and bindings are derived, never written by hand',
    next: 'reword or remove those lines (e.g. "Blocker: x" → "the x blocker"), then run it again; nothing was written',
  });
}
