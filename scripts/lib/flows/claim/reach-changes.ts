// The reach of each command control (core/reach/) at the trusted base and in the working tree, and
// how it moved: a change of the reach is a change of the control's definition (claim-rules.ts
// gateByBase, definition-diff.ts). Files are read in rounds, every control at once (one read
// at the base per round), both sides in parallel, the first round asking the files the tools are
// known to read.
import type { BaseRules } from '../../core/gate/claim/base-rules.ts';
import type { ReachChange } from '../../core/gate/claim/definition-diff.ts';
import type { Control } from '../../core/plane/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { diffReach, digestReach } from '../../core/reach/diff-reach.ts';
import type { FileText, Reach } from '../../core/reach/reach.ts';
import { resolveReach } from '../../core/reach/resolve-reach.ts';
import { reachGlobs } from '../../core/reach/reach-globs.ts';
import type { World } from '../../core/world/world.ts';

/** Rounds of reading before what is still asked is reported unresolved. */
const MAX_ROUNDS = 6;

interface Target {
  id: string;
  argv: readonly string[];
  cwd?: string | undefined;
}

function commandOf(control: { id: string; execution: unknown }): Target | undefined {
  const execution = control.execution as { type?: unknown; argv?: unknown; cwd?: unknown };
  if (execution?.type !== 'command' || !Array.isArray(execution.argv)) return undefined;
  const argv = execution.argv.filter((a): a is string => typeof a === 'string');
  const cwd = typeof execution.cwd === 'string' ? execution.cwd : undefined;
  return { id: control.id, argv, cwd };
}

/** The reach of each target, from the files at `commit` (or on disk); `prefetch`: read first. */
export async function readReaches(
  root: string,
  controls: readonly { id: string; execution: unknown }[],
  io: Pick<World, 'reach'>,
  commit?: string,
  prefetch: readonly string[] = [],
): Promise<{ reaches: Map<string, Reach> }> {
  const targets = controls.flatMap((c) => commandOf(c) ?? []);
  const read = new Map<string, FileText>();
  let listed: string[] | undefined;
  let asked = [...prefetch];
  for (let round = 0; ; round++) {
    if (asked.length > 0) {
      for (const [path, text] of await io.reach.readProjectFiles(root, asked, commit))
        read.set(path, text);
    }
    const reaches = new Map(
      targets.map((t) => [
        t.id,
        resolveReach(t.argv, t.cwd, { read, ...(listed ? { listed } : {}) }),
      ]),
    );
    const needs = new Set([...reaches.values()].flatMap((r) => r.needs));
    const wantsListing = listed === undefined && [...reaches.values()].some((r) => r.needsListing);
    if ((needs.size === 0 && !wantsListing) || round === MAX_ROUNDS)
      return { reaches: withPending(reaches) };
    if (wantsListing) listed = await io.reach.listProjectFiles(root, commit);
    asked = [...needs];
  }
}

/** What is still asked after the last round is named, never left silently out. */
function withPending(reaches: Map<string, Reach>): Map<string, Reach> {
  for (const reach of reaches.values())
    for (const path of reach.needs)
      reach.unresolved.push({ what: path, why: 'not read: the scripts reach too many files' });
  return reaches;
}

/**
 * Every control present at the base and now whose reach differs: the lines that name each move,
 * and the digest of the reach now (what an approval names). Controls the change adds or removes
 * are definition changes already.
 */
export async function readReachChanges(
  working: Plane,
  atBase: BaseRules,
  io: Pick<World, 'reach'>,
): Promise<ReachChange[]> {
  const basePlane = atBase.plane;
  if (basePlane === undefined) return [];
  const before = new Map(basePlane.registry.controls.map((c) => [c.id, c]));
  const both = working.registry.controls.filter(
    (c) =>
      commandOf(c) !== undefined &&
      commandOf(before.get(c.id) ?? c) !== undefined &&
      before.has(c.id),
  );
  if (both.length === 0) return [];
  // Both sides at once, each starting with the files its tools are known to read (reach-globs).
  const olds = both.map((c) => before.get(c.id) as Control);
  const [now, atCommit] = await Promise.all([
    readReaches(working.root, both, io, undefined, knownFiles(both)),
    readReaches(working.root, olds, io, atBase.commit, knownFiles(olds)),
  ]);
  const changes: ReachChange[] = [];
  for (const control of both) {
    const is = now.reaches.get(control.id);
    const was = atCommit.reaches.get(control.id);
    if (is === undefined || was === undefined) continue;
    const lines = diffReach(was, is);
    if (lines.length === 0) continue;
    changes.push({
      control: control.id,
      lines,
      reach: digestReach(is),
      ...(is.unresolved.length === 0 ? {} : { unresolved: is.unresolved }),
    });
  }
  return changes;
}

/** The exact file names (no glob) the controls' tools are known to read: read in the first round. */
function knownFiles(controls: readonly { id: string; execution: unknown }[]): string[] {
  const names = controls.flatMap((c) => {
    const target = commandOf(c);
    return target === undefined ? [] : reachGlobs(target.argv, target.cwd);
  });
  return [...new Set(names.filter((n) => !/[*?[]/.test(n)))];
}

/** The digest of each command control's reach in the working tree (what an approval records). */
export async function readReachDigests(
  plane: Plane,
  controls: readonly Control[],
  io: Pick<World, 'reach'>,
): Promise<Map<string, string>> {
  const { reaches } = await readReaches(plane.root, controls, io);
  return new Map([...reaches].map(([id, reach]) => [id, digestReach(reach)]));
}
