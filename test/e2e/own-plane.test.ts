// proofgate gates itself: its own plane at the repository root is schema-valid, keeps its evidence
// in evidence/, runs only real commands, and every control's inputs match files of this repository.
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadPlane } from '../../scripts/lib/io/plane/plane.ts';
import { computeSubjects } from '../../scripts/lib/io/subject/subject.ts';
import { listStoragePrefixes } from '../../scripts/lib/core/binding/build-subject.ts';
import { runInProcess, WORKTREE } from '../helpers/cli.ts';

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

describe("the package's own claim on a clean clone", () => {
  test('a one-line code change without new evidence is refused as STALE', async () => {
    const clone = mkdtempSync(join(tmpdir(), 'pg-own-clone-'));
    try {
      execFileSync('git', ['clone', '-q', WORKTREE, clone]);
      const claim = ['claim', '--scope', 'project', '--no-record', '--root', clone];
      const before = await runInProcess(claim);
      // HEAD's own evidence may lag behind during development; after the edit it never holds.
      expect([0, 1]).toContain(before.code);
      appendFileSync(join(clone, 'scripts', 'cli.ts'), '// one more line\n');
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qam', 'edit'], {
        cwd: clone,
      });
      const after = await runInProcess(claim);
      expect(after.code).toBe(1);
      expect(after.stdout).toMatch(/^REFUSED \[project\]/);
      expect(after.stdout).toMatch(/STALE\s+ENG\.TYPECHECK \[self\]/);
    } finally {
      rmSync(clone, { recursive: true, force: true });
    }
  });
});
