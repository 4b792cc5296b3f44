import { describe, expect, it } from 'vitest';
import { decideTaskScope } from '../../../scripts/lib/core/gate/select/task-scope.ts';
import { command, makeControl } from '../../helpers/fake-gate-io.ts';

const tests = makeControl('tests', command(['npm', 'test']), { inputs: ['src/**'] });
const docs = makeControl('docs', command(['lint-docs']), { inputs: ['docs/'] });
const build = makeControl('build', command(['npm', 'run', 'build']));
const license = makeControl('license', { type: 'file', path: 'LICENSE', condition: 'exists' });
const REQUIRED = [tests, docs, build, license];
const named = (ids: string[], source = 'task.json') => ({ ids, source });

describe('decideTaskScope', () => {
  it('a change under src/ brings in its control and every control without inputs; names only add', () => {
    const change = { since: 'origin/main', paths: ['src/x.ts'], definitions: [] };
    const scope = decideTaskScope(REQUIRED, change, named(['license']));
    expect(scope.controls).toEqual(['tests', 'build', 'license']);
    expect(scope.reasons).toEqual([
      { control: 'tests', reason: 'inputs src/** match src/x.ts (changed since origin/main)' },
      {
        control: 'build',
        reason: 'no inputs, covers the whole tree: src/x.ts changed since origin/main',
      },
      { control: 'license', reason: 'named by task.json' },
    ]);
  });

  it('a file check covers its own file; nothing changed leaves the named controls only', () => {
    const touched = { since: 'origin/main', paths: ['LICENSE'], definitions: [] };
    expect(decideTaskScope([license], touched, named([])).controls).toEqual(['license']);
    const none = { since: 'origin/main', paths: [], definitions: [] };
    expect(decideTaskScope(REQUIRED, none, named(['docs'])).controls).toEqual(['docs']);
  });

  it('a changed definition is in the task even when no path changed', () => {
    const change = { since: 'origin/main', paths: [], definitions: ['tests'] };
    const scope = decideTaskScope(REQUIRED, change, named(['docs'], '--control'));
    expect(scope.reasons[0]).toEqual({
      control: 'tests',
      reason: 'definition changed since origin/main (not in effect until approved)',
    });
    expect(scope.controls).toEqual(['tests', 'docs']);
  });

  it('without a base every required control is in, and a named control outside them is kept', () => {
    const scope = decideTaskScope(
      REQUIRED,
      { since: undefined, why: 'no upstream branch and no granted claim in the ledger' },
      named(['extra'], 'PROOFGATE_TASK_CONTROLS'),
    );
    expect(scope.since).toBeUndefined();
    expect(scope.controls).toEqual(['tests', 'docs', 'build', 'license', 'extra']);
    expect(scope.reasons.at(-1)).toEqual({
      control: 'extra',
      reason: 'named by PROOFGATE_TASK_CONTROLS',
    });
  });

  it('names at most three changed paths, then counts the rest', () => {
    const paths = ['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d.ts', 'src/e.ts'];
    const scope = decideTaskScope([tests], { since: 'main', paths, definitions: [] }, named([]));
    expect(scope.reasons[0]?.reason).toBe(
      'inputs src/** match src/a.ts, src/b.ts, src/c.ts and 2 more (changed since main)',
    );
  });
});
