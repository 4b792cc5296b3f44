// Negative decisions: rejected approaches with stable ids that stay in
// force until an explicit supersede names both ids. Nothing lapses by omission or by age.
import { UsageError } from '../errors.ts';
import { nextId } from './next-id.ts';
import type { Decision, KnowledgeRecord, Supersession } from './types.ts';
import { nextCommand } from '../next/next-table.ts';

export interface DecisionView extends Decision {
  isInForce: boolean;
  supersededBy?: string;
  supersededAt?: string;
}

export interface DecisionInput {
  title: string | undefined;
  reason: string | undefined;
  conditions: readonly string[];
  paths: readonly string[];
}

export function foldDecisions(records: readonly KnowledgeRecord[]): DecisionView[] {
  const views = new Map<string, DecisionView>();
  for (const record of records) {
    if (record.op === 'decision')
      views.set(record.decision.id, { ...record.decision, isInForce: true });
    if (record.op === 'supersede') {
      const view = views.get(record.supersede.id);
      if (view === undefined) continue;
      views.set(view.id, {
        ...view,
        isInForce: false,
        supersededBy: record.supersede.by,
        supersededAt: record.supersede.time,
      });
    }
  }
  return [...views.values()];
}

export function recordDecision(
  input: DecisionInput,
  existingIds: readonly string[],
  now: Date,
): Decision {
  const problems: string[] = [];
  const title = input.title?.trim() ?? '';
  const reason = input.reason?.trim() ?? '';
  if (title === '')
    problems.push('title: missing (the rejected approach, as a positional argument)');
  if (reason === '') problems.push('--reason: missing (why it was rejected)');
  if (input.conditions.length === 0)
    problems.push('--condition: missing (under which conditions it fails; repeatable)');
  if (input.paths.length === 0)
    problems.push('--path: missing (the code paths it touches; repeatable)');
  if (problems.length > 0) {
    throw new UsageError(
      'MISSING_ARG',
      'negative decision refused: it needs a reason, conditions and paths',
      {
        problems,
        next: nextCommand('decisionAdd'),
      },
    );
  }
  return {
    id: nextId('ND', existingIds),
    title,
    reason,
    conditions: [...input.conditions],
    paths: [...new Set(input.paths)].sort(),
    time: now.toISOString(),
  };
}

function unknown(id: string, flag: string): UsageError {
  return new UsageError('UNKNOWN_ID', `no negative decision ${id}`, {
    where: flag,
    next: `run "${nextCommand('decisionList')}" to see the recorded ids`,
  });
}

/** Checks a supersede request against the recorded decisions; returns the record to append. */
export function supersedeDecision(
  views: readonly DecisionView[],
  id: string | undefined,
  by: string | undefined,
  now: Date,
): Supersession {
  const next = nextCommand('decisionSupersede');
  if (id === undefined || by === undefined) {
    throw new UsageError('MISSING_ARG', 'supersede needs both --id and --by', {
      problems: [
        id === undefined ? '--id: missing' : '',
        by === undefined
          ? '--by: missing (the superseding decision; record it first with "decision add")'
          : '',
      ].filter((p) => p !== ''),
      next,
    });
  }
  const old = views.find((v) => v.id === id);
  const replacement = views.find((v) => v.id === by);
  if (old === undefined) throw unknown(id, '--id');
  if (replacement === undefined) throw unknown(by, '--by');
  if (id === by)
    throw new UsageError('BAD_VALUE', `${id} cannot supersede itself`, { where: '--by', next });
  if (!old.isInForce) {
    throw new UsageError('BAD_VALUE', `${id} is already superseded by ${old.supersededBy ?? '?'}`, {
      where: '--id',
      next: `supersede ${old.supersededBy ?? 'the decision in force'} instead`,
    });
  }
  if (!replacement.isInForce) {
    throw new UsageError(
      'BAD_VALUE',
      `${by} is itself superseded by ${replacement.supersededBy ?? '?'}`,
      {
        where: '--by',
        expected: 'a decision that is in force',
        next,
      },
    );
  }
  return { id, by, time: now.toISOString() };
}

/** Whether `a` and `b` are the same path or one contains the other. */
function pathsOverlap(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

export function decisionsTouching(views: readonly DecisionView[], path: string): DecisionView[] {
  return views.filter((v) => v.paths.some((p) => pathsOverlap(p, path)));
}
