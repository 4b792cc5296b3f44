// init --scaffold-ci on real git repositories: the workflow's every action is pinned to a full
// commit SHA taken from the template, the repository's own pinned workflows or --pin, never
// invented; an action without a pin is exit 2 and nothing is written; a scaffold never replaces a file.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});
function repo(files: Record<string, string> = {}): GateRepo {
  const r = makeGateRepo([{ id: 'unit', execution: `{ type: command, argv: ${nodeArgv('1')} }` }], {
    files,
  });
  repos.push(r);
  return r;
}

const CHECKOUT = 'a'.repeat(40);
const NODE = 'b'.repeat(40);
const CODEQL = 'c'.repeat(40);
const WORKFLOW = '.github/workflows/proofgate.yml';
const RUNNER = 'scripts/proofgate-gate.sh';
const usesRefs = (text: string) =>
  [...text.matchAll(/uses:\s*["']?[^@\s]+@([^\s"'#]+)/g)].map((m) => m[1] ?? '');

describe('init --scaffold-ci', () => {
  it('refuses every action it has no pin for (exit 2) and writes nothing', async () => {
    const r = repo();
    const out = await r.run(['init', '--scaffold-ci']);
    expect(out.code).toBe(2);
    expect(out.err).toContain('actions/checkout@v5');
    expect(out.err).toContain('github/codeql-action@v4');
    expect(out.err).toContain('never invents one');
    expect(existsSync(join(r.dir, WORKFLOW))).toBe(false);
    expect(existsSync(join(r.dir, RUNNER))).toBe(false);
  });

  it('pins every action from --pin and the pinned workflows of the repository', async () => {
    const r = repo({
      '.github/workflows/lint.yml': `on: push\njobs:\n  l:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@${CHECKOUT} # v4\n`,
    });
    const pins = ['--pin', `actions/setup-node=${NODE}`, '--pin', `github/codeql-action=${CODEQL}`];
    const out = await r.run(['init', '--scaffold-ci', ...pins]);
    expect(out.code).toBe(0);
    expect(out.out.split('\n')[0]).toBe(`SCAFFOLDED ${WORKFLOW}, ${RUNNER}`);
    expect(out.out).toContain(`actions/checkout@${CHECKOUT} (pin from .github/workflows/lint.yml)`);
    const text = readFileSync(join(r.dir, WORKFLOW), 'utf8');
    const refs = usesRefs(text);
    expect(refs.length).toBeGreaterThan(5);
    expect(refs.every((ref) => /^[0-9a-f]{40}$/.test(ref))).toBe(true);
    expect(new Set(refs)).toEqual(new Set([CHECKOUT, NODE, CODEQL]));
    expect(text).toContain(`github/codeql-action/upload-sarif@${CODEQL}`);
    const runner = join(r.dir, RUNNER);
    expect(readFileSync(runner, 'utf8')).toContain(
      'npx proofgate claim --scope project --no-record',
    );
    expect(statSync(runner).mode & 0o111).not.toBe(0);

    const again = await r.run(['init', '--scaffold-ci', ...pins]);
    expect(again.code).toBe(2);
    expect(again.err).toContain('already exist');
  });

  it('writes neither file when one of them already exists', async () => {
    const r = repo({ [RUNNER]: '#!/bin/sh\necho mine\n' });
    const pins = [
      `actions/checkout=${CHECKOUT}`,
      `actions/setup-node=${NODE}`,
      `github/codeql-action=${CODEQL}`,
    ];
    const out = await r.run(['init', '--scaffold-ci', ...pins.flatMap((p) => ['--pin', p])]);
    expect(out.code).toBe(2);
    expect(existsSync(join(r.dir, WORKFLOW))).toBe(false);
    expect(readFileSync(join(r.dir, RUNNER), 'utf8')).toBe('#!/bin/sh\necho mine\n');
  });

  it('refuses a --pin that is not a full commit SHA (a tag is not a pin)', async () => {
    const r = repo();
    const out = await r.run(['init', '--scaffold-ci', '--pin', 'actions/checkout=v5']);
    expect(out.code).toBe(2);
    expect(out.err).toContain('owner/repo=<40-hex commit>');
  });
});
