// Scan on whole projects of our own, each in the shape of a common kind of repository: its file
// list and the manifests and workflows scan reads (test/fixtures/scan-projects/<name>/ABOUT.md says
// which reader behaviour each one is there for). Goldens in test/core/scan/golden/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildScan, selectFilesToRead } from '../../../scripts/lib/core/scan/build-scan.ts';
import { renderScan } from '../../../scripts/lib/render/scan.ts';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'scan-projects');

function scanFixture(name: string) {
  const dir = join(FIXTURES, name);
  const paths = readFileSync(join(dir, 'paths.txt'), 'utf8').split('\n').filter(Boolean);
  const contents = new Map(
    selectFilesToRead(paths).map((p) => [p, readFileSync(join(dir, 'files', p), 'utf8')]),
  );
  return buildScan(paths, contents);
}

function golden(name: string): string {
  const result = scanFixture(name);
  const rows = result.candidates.map(
    (c) =>
      `| ${c.id} | \`${JSON.stringify(c.argv)}\` | ${c.where} | ${c.authorization.join(', ')} |`,
  );
  return [
    `# scan: ${name}`,
    '',
    '```text',
    renderScan(result),
    '```',
    '',
    '| candidate | argv | where | authorization |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

const ids = (name: string) => scanFixture(name).candidates.map((c) => c.id);

const PROJECTS = [
  'python-tox-ini-make',
  'python-uv-tox-in-pyproject',
  'go-module-make',
  'rust-crate-ci-jobs',
];

describe('scan on whole projects', () => {
  test.each(PROJECTS)('%s matches its golden', async (name) => {
    await expect(golden(name)).toMatchFileSnapshot(join('golden', `${name}.md`));
  });

  test('pytest configured in pyproject, tox.ini, Makefile: pytest and tox are offered', () => {
    expect(ids('python-tox-ini-make')).toEqual(
      expect.arrayContaining(['python:pytest', 'python:tox', 'make:test', 'make:ci']),
    );
    const found = scanFixture('python-tox-ini-make').candidates;
    expect(found.find((c) => c.id === 'python:pytest')).toMatchObject({
      argv: ['pytest'],
      where: 'pyproject.toml:26',
      authorization: [],
    });
  });

  test('a workflow step runs in its working-directory; one outside the repository is not adoptable', () => {
    const result = scanFixture('python-tox-ini-make');
    expect(result.candidates.find((c) => c.id === 'ci:docs:html:render-the-pages')).toMatchObject({
      argv: ['make', 'html'],
      cwd: 'docs',
    });
    expect(
      result.candidates.find((c) => c.id === 'ci:docs:html:check-links-from-the-top')?.cwd,
    ).toBeUndefined();
    expect(
      result.not_adoptable.find((n) => n.id === 'ci:docs:html:check-a-path-outside')?.reason,
    ).toBe('working directory "../elsewhere" is not a fixed path inside the repository');
  });

  test('uv project, tox inside pyproject: pytest and tox are offered', () => {
    expect(ids('python-uv-tox-in-pyproject').slice(0, 2)).toEqual(['python:pytest', 'python:tox']);
  });

  test('Go module with tests, Makefile: go test ./..., no default or clean target', () => {
    const found = ids('go-module-make');
    expect(found).toEqual(expect.arrayContaining(['go:test', 'make:test', 'make:lint']));
    expect(found).not.toContain('make:default');
    expect(found).not.toContain('make:clean');
    expect(scanFixture('go-module-make').stack.make?.targets).toEqual(
      expect.arrayContaining(['default', 'clean']),
    );
  });

  test('one crate: cargo test', () => {
    expect(scanFixture('rust-crate-ci-jobs').candidates[0]).toMatchObject({
      id: 'cargo:test',
      argv: ['cargo', 'test'],
    });
  });
});
