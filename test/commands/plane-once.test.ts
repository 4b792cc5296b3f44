// The plane is parsed once per process for the same bytes, and never served stale: any change to
// the manifest or the registry is read again, and a file broken after a good read is reported.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPlane } from '../../scripts/lib/io/plane/plane.ts';
import { makeGateRepo, nodeArgv, registryYaml, type GateRepo } from '../helpers/gate-repo.ts';

const control = (id: string) => ({ id, execution: `{ type: command, argv: ${nodeArgv('0')} }` });
const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

function repo(): GateRepo {
  const r = makeGateRepo([control('tests')]);
  repos.push(r);
  return r;
}

const registry = (r: GateRepo) => join(r.dir, '.proofgate', 'controls', 'registry.yaml');
const manifest = (r: GateRepo) => join(r.dir, '.proofgate', 'controls', 'manifest.yaml');

describe('loadPlane reads each plane once per process', () => {
  it('answers the same bytes with the same parsed plane', () => {
    const r = repo();
    expect(loadPlane(r.dir)).toBe(loadPlane(r.dir));
  });

  it('reads a changed registry again, and the old plane again once the bytes are back', () => {
    const r = repo();
    const before = loadPlane(r.dir);
    const original = readFileSync(registry(r), 'utf8');
    writeFileSync(registry(r), registryYaml([control('tests'), control('lint')]));
    expect(loadPlane(r.dir).registry.controls.map((c) => c.id)).toEqual(['tests', 'lint']);
    writeFileSync(registry(r), original);
    expect(loadPlane(r.dir).registry.controls.map((c) => c.id)).toEqual(['tests']);
    expect(loadPlane(r.dir)).toBe(before);
  });

  it('reads a changed manifest again, even when only one byte changed', () => {
    const r = repo();
    expect(loadPlane(r.dir).manifest.ledger_id).toBe('lg-test');
    writeFileSync(manifest(r), readFileSync(manifest(r), 'utf8').replace('lg-test', 'lg-tesu'));
    expect(loadPlane(r.dir).manifest.ledger_id).toBe('lg-tesu');
  });

  it('reports a plane broken after a good read instead of answering from memory', () => {
    const r = repo();
    loadPlane(r.dir);
    writeFileSync(registry(r), 'version: 1\ncontrols: [\n');
    expect(() => loadPlane(r.dir)).toThrow(
      expect.objectContaining({ code: 'YAML_INVALID', exitCode: 2 }),
    );
    rmSync(manifest(r));
    expect(() => loadPlane(r.dir)).toThrow(expect.objectContaining({ code: 'PLANE_MISSING' }));
  });

  it('keeps two repositories with identical planes apart', () => {
    const a = repo();
    const b = repo();
    expect(loadPlane(a.dir).root).toBe(a.dir);
    expect(loadPlane(b.dir).root).toBe(b.dir);
  });
});
