// What changed in the control definitions between a base and now, and the digest an approval of
// each change names (definition-approval.ts decides whether one was approved). Only what decides a
// verdict is compared; a control whose reach moved (core/reach/) counts as a changed definition.
import { digestJson } from '../../hash.ts';
import type { Control } from '../../plane/types.ts';
import type { Unresolved } from '../../reach/reach.ts';

export interface DefinitionChange {
  control: string;
  change: 'added' | 'changed' | 'removed';
  /** The command at the base and now (command-like executions only). */
  before?: string[];
  after?: string[];
  /** What an approval must name: the current definition's digest, or the removal's. */
  digest: string;
  /** Its `outputs` differ: what every subject binding leaves out moves, for every control. */
  touchesSubject?: true;
  /** What it runs moved (its reach, core/reach/): one line per file or script that changed. */
  reach?: string[];
  /** What of the reach now could not be resolved. */
  unresolved?: Unresolved[];
}

/** A control whose reach differs between the base and now (flows/claim/reach-changes.ts). */
export interface ReachChange {
  control: string;
  lines: string[];
  /** The digest of the reach now (core/reach/diff-reach.ts digestReach). */
  reach: string;
  unresolved?: Unresolved[];
}

/** The digest an approval of a definition together with its reach names. */
export function reachApprovalDigest(definition: string, reach: string): string {
  return digestJson({ definition, reach });
}

/**
 * The definition changes with the reach changes folded in: a control whose reach moved is a
 * changed definition, and its approval must name the reach now (`reachApprovalDigest`).
 */
export function withReachChanges(
  changes: readonly DefinitionChange[],
  reach: readonly ReachChange[],
  current: readonly Control[],
): DefinitionChange[] {
  const merged = new Map(changes.map((c) => [c.control, c]));
  for (const moved of reach) {
    const control = current.find((c) => c.id === moved.control);
    if (control === undefined) continue;
    const known = merged.get(moved.control);
    if (known !== undefined && known.change !== 'changed') continue;
    const argv = argvOf(control.execution);
    merged.set(moved.control, {
      ...(known ?? {
        control: moved.control,
        change: 'changed' as const,
        ...(argv === undefined ? {} : { before: argv, after: argv }),
      }),
      digest: reachApprovalDigest(definitionDigest(control), moved.reach),
      reach: moved.lines,
      ...(moved.unresolved === undefined ? {} : { unresolved: moved.unresolved }),
    });
  }
  return [...merged.values()].sort((a, b) => a.control.localeCompare(b.control));
}

/**
 * A control as read from the base registry. What decides a verdict is compared: the command, the
 * inputs and outputs, whether it applies, from which maturity it is required and what evidence a
 * result must carry. Title and owner describe the control and are not compared.
 */
export interface BaseControl {
  id: string;
  execution: unknown;
  inputs?: unknown;
  outputs?: unknown;
  applies?: unknown;
  required_from_maturity?: unknown;
  evidence_required?: unknown;
}

function decisiveDigest(control: BaseControl): string {
  const { execution, inputs, outputs, applies, required_from_maturity: from } = control;
  return digestJson({
    execution: execution ?? null,
    inputs: inputs ?? null,
    outputs: outputs ?? null,
    applies: applies ?? null,
    required_from_maturity: from ?? null,
    evidence_required: control.evidence_required ?? [],
  });
}

function outputsDiffer(a: BaseControl | undefined, b: BaseControl | undefined): boolean {
  return digestJson(a?.outputs ?? []) !== digestJson(b?.outputs ?? []);
}

function argvOf(execution: unknown): string[] | undefined {
  if (typeof execution !== 'object' || execution === null) return undefined;
  const argv = (execution as { argv?: unknown }).argv;
  return Array.isArray(argv) && argv.every((a) => typeof a === 'string') ? argv : undefined;
}

/** The digest an approval of `id`'s removal names. */
export function removalDigest(id: string): string {
  return digestJson({ removed: id });
}

/** The digest an approval of `control`'s current definition names (the subject's control digest). */
export function definitionDigest(control: Control): string {
  return digestJson(control);
}

/** Every control whose decisive definition was added, changed or removed between the base and now. */
export function diffDefinitions(
  base: readonly BaseControl[],
  current: readonly Control[],
): DefinitionChange[] {
  const before = new Map(base.map((c) => [c.id, c]));
  const changes: DefinitionChange[] = [];
  for (const control of current) {
    const old = before.get(control.id);
    if (old !== undefined && decisiveDigest(old) === decisiveDigest(control)) continue;
    const after = argvOf(control.execution);
    const was = old === undefined ? undefined : argvOf(old.execution);
    changes.push({
      control: control.id,
      change: old === undefined ? 'added' : 'changed',
      ...(was === undefined ? {} : { before: was }),
      ...(after === undefined ? {} : { after }),
      digest: definitionDigest(control),
      ...(outputsDiffer(old, control) ? { touchesSubject: true as const } : {}),
    });
  }
  const now = new Set(current.map((c) => c.id));
  for (const old of base) {
    if (now.has(old.id)) continue;
    const was = argvOf(old.execution);
    changes.push({
      control: old.id,
      change: 'removed',
      ...(was === undefined ? {} : { before: was }),
      digest: removalDigest(old.id),
      ...(outputsDiffer(old, undefined) ? { touchesSubject: true as const } : {}),
    });
  }
  return changes.sort((a, b) => a.control.localeCompare(b.control));
}

/** One line describing a change, e.g. `build changed: [npm,test] -> [sh,-c,...]`. */
export function describeChange(change: DefinitionChange): string {
  const show = (argv: string[] | undefined) => (argv === undefined ? '' : JSON.stringify(argv));
  if (change.reach !== undefined) {
    const argv =
      show(change.before) === show(change.after)
        ? ''
        : ` ${show(change.before)} -> ${show(change.after)};`;
    const open = (change.unresolved ?? []).map(
      (u) => `${u.what} ${u.why}${u.fix === undefined ? '' : `: ${u.fix}`}`,
    );
    return `${change.control} changed${argv} what it runs: ${change.reach.join('; ')}${open.length === 0 ? '' : `; unresolved: ${open.join('; ')}`}`;
  }
  if (change.change === 'added') return `${change.control} added ${show(change.after)}`.trim();
  if (change.change === 'removed') return `${change.control} removed ${show(change.before)}`.trim();
  return `${change.control} changed ${show(change.before)} -> ${show(change.after)}`.trim();
}
