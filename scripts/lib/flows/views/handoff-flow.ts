// status --handoff: write, check or show the task handoff pair (references/handoff.md). Every fact
// in it is the claim's own decision now (decideClaimNow for the task, merge and release scopes);
// the stored pair is agent-writable, so it is only ever compared with a fresh derivation, never
// believed: a hand-edited handoff reads STALE_HANDOFF, and nothing else reads it at all.
import type { World, WorldExtras } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { UsageError } from '../../core/errors.ts';
import type { BaseRules, RulesReport } from '../../core/gate/claim/base-rules.ts';
import {
  buildHandoffPayload,
  diffHandoff,
  readNotesBinding,
  type HandoffPayload,
  type NotesBinding,
} from '../../core/handoff/handoff-payload.ts';
import {
  checkNotesMarker,
  notesSubject,
  parseHandoffMarkdown,
  renderHandoffMarkdown,
  renderMachineSummary,
  type HandoffNotes,
} from '../../core/handoff/handoff-markdown.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { quoteArg } from '../../core/next/next-command.ts';
import { decideClaimNow } from '../claim/claim-now.ts';
import { readEntriesOnce } from '../ledger/read-entries-once.ts';

export const HANDOFF_PARTS = ['readiness', 'blockers', 'bindings', 'notes'] as const;
export type HandoffPart = (typeof HANDOFF_PARTS)[number];

export interface HandoffFlowOptions {
  root: string;
  mode: 'write' | 'check' | 'show';
  /** write: required; check/show: overrides the task the stored pair names. */
  task: { id: string; controls: string[] } | undefined;
  /** write: bind notes written against an older subject to the new one. */
  acknowledgeNotes: boolean;
  part?: HandoffPart;
  rulesAtBase: BaseRules | null;
}

export type HandoffVerdict = 'HANDOFF_RENDERED' | 'HANDOFF_CURRENT' | 'STALE_HANDOFF';

export interface HandoffFlowResult {
  verdict: HandoffVerdict;
  mode: HandoffFlowOptions['mode'];
  files: { json: string; md: string };
  payload: HandoffPayload;
  /** STALE_HANDOFF: each part of the stored pair that no longer holds. */
  stale: string[];
  notes: { status: 'NONE' | 'CURRENT' | 'STALE'; lines: number };
  part?: HandoffPart;
}

export async function handoffFlow(
  options: HandoffFlowOptions,
  ctx: Context,
  io: World & Pick<WorldExtras, 'repo'>,
): Promise<HandoffFlowResult> {
  const plane = await io.loadPlane(options.root);
  const paths = io.repo.handoffPaths(plane.dir);
  const files = { json: rel(plane, paths.json), md: rel(plane, paths.md) };
  const stored = io.repo.readHandoffPair(paths);
  const parsed = stored.md === undefined ? undefined : parseHandoffMarkdown(stored.md, files.md);
  if (options.mode === 'write') {
    if (options.task === undefined || options.task.controls.length === 0)
      throw new UsageError('MISSING_ARG', 'a handoff needs the task and its affected controls', {
        expected: '--task <id> --control <id> (once per affected control)',
        next: 'proofgate status --handoff --write --task <id> --control <id>',
      });
    const task = options.task;
    if (parsed?.notes !== undefined)
      checkNotesMarker(
        parsed.notes,
        { task: task.id, recorded: recordedNotes(stored.json), required: false },
        { ...files, rewrite: rewriteCommand(task) },
      );
    const payload = await deriveHandoff(plane, options.rulesAtBase, task, ctx, io);
    const notes = carryNotes(parsed?.notes, payload, options.acknowledgeNotes);
    const record = { ...payload, notes: { task: notes.task, subject: notes.subject } };
    io.repo.writeHandoffPair(paths, {
      json: `${JSON.stringify(record, null, 2)}\n`,
      md: renderHandoffMarkdown(payload, notes),
    });
    return {
      verdict: 'HANDOFF_RENDERED',
      mode: 'write',
      files,
      payload,
      stale: [],
      notes: notesState(notes, payload),
    };
  }
  const storedJson = parseJson(stored.json);
  const task = options.task ?? namedTask(storedJson);
  if (task === undefined)
    throw new UsageError('MISSING_ARG', `no handoff to check at ${files.json}`, {
      expected: 'a pair written by proofgate status --handoff --write, or --task with --control',
      next: 'proofgate status --handoff --write --task <id> --control <id>',
    });
  // The marker is checked before anything is derived: another task's or subject's notes are never
  // shown as this task's, whether or not the rest of the pair still holds.
  if (parsed?.notes !== undefined && typeof storedJson === 'object' && storedJson !== null)
    checkNotesMarker(
      parsed.notes,
      { task: task.id, recorded: recordedNotes(stored.json), required: true },
      { ...files, rewrite: rewriteCommand(task) },
    );
  const payload = await deriveHandoff(plane, options.rulesAtBase, task, ctx, io);
  const stale = [
    ...(stored.json === undefined
      ? [`${files.json} is missing`]
      : diffHandoff(storedJson, payload).map((f) => `${files.json}: ${f}`)),
    ...(parsed === undefined
      ? [`${files.md} is missing`]
      : parsed.machine !== renderMachineSummary(payload)
        ? [`${files.md}: the machine summary`]
        : []),
  ];
  return {
    verdict: stale.length === 0 ? 'HANDOFF_CURRENT' : 'STALE_HANDOFF',
    mode: options.mode,
    files,
    payload,
    stale,
    notes: notesState(parsed?.notes, payload),
    ...(options.part === undefined ? {} : { part: options.part }),
  };
}

/** The facts of the handoff: the claim decisions of the task, merge and release scopes now. */
async function deriveHandoff(
  plane: Plane,
  atBase: BaseRules | null,
  task: { id: string; controls: readonly string[] },
  ctx: Context,
  io: World,
): Promise<HandoffPayload> {
  const once = readEntriesOnce(io);
  const decide = (request: Parameters<typeof decideClaimNow>[2]) =>
    decideClaimNow(plane, atBase, request, ctx, once);
  const forTask = await decide({ scope: 'task', ids: task.controls, gatherRefused: true });
  const merge = await decide({ scope: 'project', ids: [] });
  const release = await decide({
    scope: 'release',
    ids: [],
    ...(merge.gathered === undefined ? {} : { reuse: merge.gathered }),
  });
  const gathered = forTask.gathered?.gathered;
  return buildHandoffPayload({
    task: { id: task.id, controls: forTask.scoped?.controls ?? task.controls },
    target: plane.manifest.profile.target_maturity,
    rules: rulesLine(merge.rules),
    scopes: [
      { scope: 'task', decision: forTask.decision },
      { scope: 'merge', decision: merge.decision },
      { scope: 'release', decision: release.decision },
    ],
    statuses: gathered?.statuses ?? [],
    subjects: gathered?.subjects ?? new Map(),
  });
}

function rulesLine(rules: RulesReport | undefined): string {
  if (rules === undefined) return 'unreported';
  if (rules.from === 'base') return `${rules.base ?? 'base'} at ${rules.commit ?? '?'}`;
  return rules.reason ?? 'this working tree';
}

/**
 * The notes a new pair carries: the existing ones (their marker checked first, checkNotesMarker),
 * still bound to what they were written against (they show STALE once the subject moved) unless
 * acknowledged.
 */
function carryNotes(
  notes: HandoffNotes | undefined,
  payload: HandoffPayload,
  acknowledge: boolean,
): HandoffNotes {
  const subject = notesSubject(payload);
  if (notes === undefined) return { task: payload.task.id, subject, lines: [] };
  return acknowledge ? { ...notes, subject } : notes;
}

/** The notes binding the stored JSON half records, when it is readable and records one. */
function recordedNotes(json: string | undefined): NotesBinding | undefined {
  const stored = parseJson(json);
  if (typeof stored !== 'object' || stored === null) return undefined;
  return readNotesBinding((stored as { notes?: unknown }).notes);
}

/** The `--write` that rewrites the pair for `task`, as a command that runs as printed. */
function rewriteCommand(task: { id: string; controls: readonly string[] }): string {
  const controls = task.controls.map((c) => ` --control ${quoteArg(c)}`).join('');
  return `proofgate status --handoff --write --task ${quoteArg(task.id)}${controls}`;
}

function notesState(
  notes: HandoffNotes | undefined,
  payload: HandoffPayload,
): HandoffFlowResult['notes'] {
  const lines = notes?.lines.filter((l) => l.trim() !== '').length ?? 0;
  if (notes === undefined || lines === 0) return { status: 'NONE', lines: 0 };
  const current = notes.task === payload.task.id && notes.subject === notesSubject(payload);
  return { status: current ? 'CURRENT' : 'STALE', lines };
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return '(not JSON)';
  }
}

/** The task a stored payload names, when it names one well-formed. */
function namedTask(stored: unknown): { id: string; controls: string[] } | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const task = (stored as { task?: unknown }).task;
  if (typeof task !== 'object' || task === null) return undefined;
  const { id, controls } = task as { id?: unknown; controls?: unknown };
  if (typeof id !== 'string' || !Array.isArray(controls)) return undefined;
  const ids = controls.filter((c): c is string => typeof c === 'string');
  return ids.length === 0 || ids.length !== controls.length ? undefined : { id, controls: ids };
}

function rel(plane: Plane, path: string): string {
  return path.startsWith(`${plane.root}/`) ? path.slice(plane.root.length + 1) : path;
}
