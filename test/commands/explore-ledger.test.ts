// Probes are ledger entries: each probe run appends a `note` entry of type `probe` bound to the code
// and naming its hypothesis, its review copy an evidence object; the board cites the entry. Control
// probes run a registry control like `evaluate --run`; blast radius limits what a probe may use.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  controlYaml,
  hypothesisArgs,
  PAGER,
  planeWith,
  updateArgs,
} from '../helpers/knowledge-plane.ts';
import type { KnowledgePlane } from '../helpers/knowledge-plane.ts';

interface Entry {
  kind: string;
  subject: { tree: string; control?: string };
  storage: { objects: string[] };
  body: Record<string, unknown>;
}

function ledger(plane: KnowledgePlane): { hash: string; entry: Entry }[] {
  const dir = join(plane.root, '.proofgate/evidence/ledger');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .flatMap((n) => readFileSync(join(dir, n), 'utf8').split('\n'))
    .filter((l) => l !== '')
    .map((line) => ({
      hash: createHashHex(line),
      entry: JSON.parse(line) as Entry,
    }));
}

/** The grant of --allow by a human authority (the developer may not grant itself). */
const BY_OWNER = ['--granted-by', 'human:owner'];

const createHashHex = (line: string): string => createHash('sha256').update(line).digest('hex');

function board(plane: KnowledgePlane): { id: string; evidence?: string[]; status?: string }[] {
  const text = readFileSync(join(plane.root, '.proofgate/knowledge/hypotheses.jsonl'), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { op: string; update?: { id: string; evidence?: string[] } })
    .flatMap((r) => (r.op === 'update' && r.update !== undefined ? [r.update] : []));
}

const hypothesis = (claim: string, risk: string, probe: string[]): string[] =>
  hypothesisArgs(claim, { risk, oracle: 'what the probe shows', probe });

const CHECK =
  "import { pageSize } from './pager.mjs'; const got = pageSize(-5); " +
  "console.log('got ' + got + ' at ' + process.cwd()); process.exit(got === -5 ? 1 : 0);\n";

describe('explore: probe results are ledger entries', { timeout: 60_000 }, () => {
  it('appends one probe entry per step, bound to the code, naming the hypothesis, cited by the board; verify --full stays intact', async () => {
    const plane = planeWith('');
    plane.write('pager.mjs', PAGER);
    plane.write('check.mjs', CHECK);
    const node = ['--probe-argv', process.execPath, '--probe-argv', 'check.mjs'];
    await plane.run(
      hypothesis('a negative page size is accepted', '0.9', [...node, '--expect-exit', '1']),
    );
    await plane.run(
      hypothesis('the output names the page', '0.8', [...node, '--expect-output', 'page 3']),
    );
    const result = await plane.run(['knowledge', 'explore', '--until-done']);
    expect(result.code, result.out + result.err).toBe(0);
    const probes = ledger(plane).filter((e) => e.entry.body['type'] === 'probe');
    expect(
      probes.map((p) => [p.entry.kind, p.entry.body['hypothesis'], p.entry.body['verdict']]),
    ).toEqual([
      ['note', 'H-0001', 'confirmed'],
      ['note', 'H-0002', 'refuted'],
    ]);
    for (const p of probes) {
      expect(p.entry.subject.tree).toMatch(/^[0-9a-f]{40}$/);
      const run = p.entry.body['run'] as { review: string; exit_code: number };
      expect(run.exit_code).toBe(1);
      expect(p.entry.storage.objects).toContain(run.review);
      const hex = run.review;
      const copy = readFileSync(
        join(plane.root, '.proofgate/evidence/objects/sha256', hex.slice(0, 2), hex),
        'utf8',
      );
      // The review copy is redacted: the repository root never reaches the evidence.
      expect(copy).toContain('got -5');
      expect(copy).not.toContain(plane.root);
    }
    expect(board(plane).map((u) => [u.id, u.evidence])).toEqual([
      ['H-0001', [probes[0]!.hash]],
      ['H-0002', [probes[1]!.hash]],
    ]);
    const verify = await plane.run(['verify', '--full']);
    expect(verify.code, verify.out + verify.err).toBe(0);
    // A probe entry is evidence for its own hypothesis only.
    const own = await plane.run(updateArgs('H-0001', 'confirmed', probes[0]!.hash));
    expect(own.code, own.err).toBe(0);
    const other = await plane.run(updateArgs('H-0002', 'confirmed', probes[0]!.hash));
    expect(other.code).toBe(2);
    expect(other.err).toContain('does not name H-0002');
  });
});

const CONTROL_CHECK =
  "import { pageSize } from './pager.mjs'; process.exit(pageSize(-5) < 0 ? 1 : 0);\n";

describe('explore: --probe-control runs a registry control', { timeout: 60_000 }, () => {
  const registry = (authorization = ''): string =>
    controlYaml(
      'unit',
      'R1',
      'K1',
      'prototype',
      `{ type: command, argv: [${JSON.stringify(process.execPath)}, unit.mjs]${authorization} }`,
    ) + '\n    inputs: [pager.mjs, unit.mjs]';

  it('decides from the control PASS/FAIL and binds the entry to the control', async () => {
    const plane = planeWith(registry());
    plane.write('pager.mjs', PAGER);
    plane.write('unit.mjs', CONTROL_CHECK);
    const added = await plane.run(
      hypothesis('negative sizes fail the unit control', '0.9', [
        '--probe-control',
        'unit',
        '--expect-status',
        'FAIL',
      ]),
    );
    expect(added.code, added.err).toBe(0);
    await plane.run(
      hypothesis('the unit control passes', '0.8', [
        '--probe-control',
        'unit',
        '--expect-status',
        'PASS',
      ]),
    );
    const result = await plane.run(['knowledge', 'explore', '--until-done']);
    expect(result.code, result.out + result.err).toBe(0);
    expect(result.out).toContain('CONFIRMED H-0001');
    expect(result.out).toContain('REFUTED H-0002');
    const probes = ledger(plane).filter((e) => e.entry.body['type'] === 'probe');
    expect(probes.map((p) => [p.entry.body['control'], p.entry.body['status']])).toEqual([
      ['unit', 'FAIL'],
      ['unit', 'FAIL'],
    ]);
    // Bound like a control run: control and inputs digests are in the subject.
    expect(probes[0]!.entry.subject.control).toMatch(/^[0-9a-f]{64}$/);
    expect((await plane.run(['verify', '--full'])).code).toBe(0);
  });

  it('refuses --expect-status without --probe-control, both probe kinds at once, and a bad status (exit 2)', async () => {
    const plane = planeWith(registry());
    const noControl = await plane.run(
      hypothesis('x', '0.5', ['--probe-argv', 'node', '--expect-status', 'PASS']),
    );
    expect(noControl.code).toBe(2);
    expect(noControl.err).toContain('only with --probe-control');
    const both = await plane.run(
      hypothesis('x', '0.5', [
        '--probe-argv',
        'node',
        '--probe-control',
        'unit',
        '--expect-exit',
        '0',
      ]),
    );
    expect(both.code).toBe(2);
    expect(both.err).toContain('not both');
    const bad = await plane.run(
      hypothesis('x', '0.5', ['--probe-control', 'unit', '--expect-status', 'GREEN']),
    );
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('PASS or FAIL');
  });

  it('an unknown control decides nothing: the hypothesis stays open (exit 4)', async () => {
    const plane = planeWith(registry());
    const added = await plane.run(
      hypothesis('x', '0.9', ['--probe-control', 'nope', '--expect-status', 'PASS']),
    );
    expect(added.code, added.err).toBe(0);
    const result = await plane.run(['knowledge', 'explore']);
    expect(result.code).toBe(4);
    expect(result.out).toContain('control nope is not in the registry');
    expect(ledger(plane)).toEqual([]);
  });

  it('a control that declares an authorization is refused unless --allow gives it', async () => {
    const plane = planeWith(registry(', authorization_required: [secrets]'));
    plane.write('pager.mjs', PAGER);
    plane.write('unit.mjs', CONTROL_CHECK);
    await plane.run(hypothesis('x', '0.9', ['--probe-control', 'unit', '--expect-status', 'FAIL']));
    const refused = await plane.run(['knowledge', 'explore', '--until-done']);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('QUEUED H-0001: its probe needs secrets; not run until granted');
    expect(ledger(plane)).toEqual([]);
    // The developer may not grant itself the capability: exit 2, nothing runs.
    const self = await plane.run(['knowledge', 'explore', '--until-done', '--allow', 'secrets']);
    expect(self.code).toBe(2);
    expect(self.err).toContain('it may not grant itself a capability');
    expect(ledger(plane)).toEqual([]);
    const allowed = await plane.run([
      ...['knowledge', 'explore', '--until-done', '--allow', 'secrets'],
      ...['--granted-by', 'human:owner'],
    ]);
    expect(allowed.code, allowed.out + allowed.err).toBe(0);
    expect(allowed.out).toContain('CONFIRMED H-0001');
  });
});

describe('explore: blast radius', { timeout: 60_000 }, () => {
  // The command would install a dependency (the classifier sees "npm install"); it only writes a
  // marker, so the test can see whether it ran.
  const INSTALLER = [
    '--probe-argv',
    process.execPath,
    '--probe-argv=-e',
    '--probe-argv',
    "require('node:fs').writeFileSync('ran.txt', 'yes')",
    '--probe-argv',
    'npm install left-pad',
    '--expect-exit',
    '0',
  ];

  it('a probe needing an authorization kind not allowed is refused before it runs and named', async () => {
    const plane = planeWith('');
    await plane.run(hypothesis('installing works', '0.9', INSTALLER));
    const result = await plane.run(['knowledge', 'explore', '--until-done']);
    expect(result.code).toBe(1);
    expect(result.out).toContain('QUEUED H-0001: its probe needs install_dependencies');
    expect(existsSync(join(plane.root, 'ran.txt'))).toBe(false);
    expect(ledger(plane)).toEqual([]);
    const json = await plane.run(['knowledge', 'explore', '--json']);
    expect(JSON.parse(json.out).refused).toEqual([
      { id: 'H-0001', needs: ['install_dependencies'] },
    ]);
    // Another kind does not stand in for the one it needs.
    const wrong = await plane.run(['knowledge', 'explore', '--allow', 'secrets', ...BY_OWNER]);
    expect(wrong.out).toContain('QUEUED H-0001');
    expect(existsSync(join(plane.root, 'ran.txt'))).toBe(false);
    const allowed = await plane.run([
      ...['knowledge', 'explore', '--allow', 'install_dependencies'],
      ...BY_OWNER,
    ]);
    expect(allowed.code, allowed.out + allowed.err).toBe(0);
    expect(existsSync(join(plane.root, 'ran.txt'))).toBe(true);
    const bad = await plane.run(['knowledge', 'explore', '--allow', 'everything']);
    expect(bad.code).toBe(2);
  });
});
