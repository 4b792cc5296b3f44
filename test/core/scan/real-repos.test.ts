// Scan on real public repositories: the file list and the manifests scan reads, copied byte for
// byte (sources in test/fixtures/scan-real/<name>/SOURCE.md). Goldens in test/core/scan/golden/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildScan, selectFilesToRead } from '../../../scripts/lib/core/scan/build-scan.ts';
import { renderScan } from '../../../scripts/lib/render/scan.ts';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'scan-real');

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

describe('scan on real repositories', () => {
  test.each(['requests', 'click', 'cobra', 'anyhow'])('%s matches its golden', async (name) => {
    await expect(golden(name)).toMatchFileSnapshot(join('golden', `${name}.md`));
  });

  test('requests (pytest configured in pyproject, tox.ini, Makefile): pytest and tox are offered', () => {
    expect(ids('requests')).toEqual(
      expect.arrayContaining(['python:pytest', 'python:tox', 'make:test', 'make:ci']),
    );
    expect(scanFixture('requests').candidates.find((c) => c.id === 'python:pytest')).toMatchObject({
      argv: ['pytest'],
      where: 'pyproject.toml:111',
      authorization: [],
    });
  });

  test('click (uv project, tox inside pyproject): pytest and tox are offered', () => {
    expect(ids('click').slice(0, 2)).toEqual(['python:pytest', 'python:tox']);
  });

  test('cobra (Go module with tests, Makefile): go test ./..., no default or clean target', () => {
    const found = ids('cobra');
    expect(found).toEqual(expect.arrayContaining(['go:test', 'make:test', 'make:lint']));
    expect(found).not.toContain('make:default');
    expect(found).not.toContain('make:clean');
    expect(scanFixture('cobra').stack.make?.targets).toEqual(
      expect.arrayContaining(['default', 'clean']),
    );
  });

  test('anyhow (one crate): cargo test', () => {
    expect(scanFixture('anyhow').candidates[0]).toMatchObject({
      id: 'cargo:test',
      argv: ['cargo', 'test'],
    });
  });
});
