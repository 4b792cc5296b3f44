// proofgate gates itself: its own plane at the repository root is schema-valid, keeps its evidence
// in evidence/, runs only real commands, and every control's inputs match files of this repository.
import { describe, expect, test } from 'vitest';
import { loadPlane } from '../../scripts/lib/io/plane.ts';
import { computeSubjects } from '../../scripts/lib/io/subject.ts';
import { listStoragePrefixes } from '../../scripts/lib/core/binding/build-subject.ts';
import { WORKTREE } from '../helpers/cli.ts';

describe("the package's own plane", () => {
  const plane = loadPlane(WORKTREE);

  test('is the repository root, so evidence goes to evidence/', () => {
    expect(plane.rel).toBe('');
    expect(listStoragePrefixes(plane.rel)).toContain('evidence/');
  });

  test('runs the real commands as argv arrays', () => {
    const argv = Object.fromEntries(
      plane.registry.controls.flatMap((c) =>
        c.execution.type === 'command' ? [[c.id, c.execution.argv]] : [],
      ),
    );
    expect(argv).toEqual({
      'ENG.TYPECHECK': ['npx', 'tsc', '-p', '.'],
      'ENG.LINT': ['npx', 'eslint', '.', '--max-warnings', '0'],
      'ENG.TESTS': ['npx', 'vitest', 'run', '--project', 'fast'],
      'DOCS.DRIFT': [
        'npx',
        'vitest',
        'run',
        'test/commands/docs-drift.test.ts',
        'test/commands/verb-table.test.ts',
      ],
      'TRACE.PACK_EXAMPLES': ['npx', 'vitest', 'run', 'test/core/trace'],
    });
  });

  test('every control declares inputs, and every input glob matches a file', async () => {
    expect(plane.registry.controls.every((c) => (c.inputs ?? []).length > 0)).toBe(true);
    const subjects = await computeSubjects(plane, plane.registry.controls);
    expect([...subjects.values()].every((s) => typeof s.inputs === 'string')).toBe(true);
  });

  test('a README edit stales only the controls whose tests read it (the docs drift test)', () => {
    const readers = plane.registry.controls
      .filter((c) =>
        (c.inputs ?? []).some((g) => g === 'README.md' || g === '**' || g.startsWith('*.md')),
      )
      .map((c) => c.id);
    expect(readers.sort()).toEqual(['DOCS.DRIFT', 'ENG.TESTS']);
  });

  test('release claims require efficacy evidence for the hard gates', () => {
    expect(plane.manifest.policies.efficacy_required_for_release).toBe(true);
  });
});
