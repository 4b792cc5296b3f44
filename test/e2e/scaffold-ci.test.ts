// init --scaffold-ci on real git repositories: with no flag, the workflow's every action is pinned
// to the full commit SHA the template ships (never a tag, never invented); --pin replaces one; a
// scaffold never replaces a file. The pull-request job's cross audit, run as the workflow runs it
// on a fixture, exits 1 on DISPUTED (and 0 on agreement), records and signs nothing.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { proofgateCommands, type Workflow } from '../helpers/workflow-commands.ts';
import { makeTempDir } from '../helpers/git-repo.ts';

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
const WORKFLOW = '.github/workflows/proofgate.yml';
const RUNNER = 'scripts/proofgate-gate.sh';
const usesRefs = (text: string) =>
  [...text.matchAll(/uses:\s*["']?[^@\s]+@([^\s"'#]+)/g)].map((m) => m[1] ?? '');

const SHIPPED = readFileSync(
  join(import.meta.dirname, '..', '..', 'templates', 'github', 'proofgate.yml'),
  'utf8',
);

describe('init --scaffold-ci', () => {
  it('works without flags: every action pinned to the commit the template ships, the YAML parses', async () => {
    const r = repo();
    const out = await r.run(['init', '--scaffold-ci']);
    expect(out.code, out.err).toBe(0);
    expect(out.out.split('\n')[0]).toBe(`SCAFFOLDED ${WORKFLOW}, ${RUNNER}`);
    expect(out.out).toContain('(pin from the template)');
    const text = readFileSync(join(r.dir, WORKFLOW), 'utf8');
    const workflow = parse(text) as Workflow;
    expect(Object.keys(workflow.jobs)).toEqual(['gate', 'traces', 'audit', 'witness']);
    const uses = Object.values(workflow.jobs)
      .flatMap((j) => j.steps)
      .flatMap((s) => (s.uses === undefined ? [] : [s.uses]));
    expect(uses.length).toBeGreaterThan(8);
    for (const u of uses) expect(u).toMatch(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_./-]+@[0-9a-f]{40}$/);
    // the same commits the shipped template pins, each with the release tag it names
    expect(new Set(usesRefs(text))).toEqual(new Set(usesRefs(SHIPPED)));
    expect(SHIPPED).toMatch(/actions\/checkout@[0-9a-f]{40} # v\d+\.\d+\.\d+/);
    const runner = join(r.dir, RUNNER);
    expect(readFileSync(runner, 'utf8')).toContain(
      'npx proofgate claim --scope project --no-record',
    );
    expect(statSync(runner).mode & 0o111).not.toBe(0);

    const again = await r.run(['init', '--scaffold-ci']);
    expect(again.code).toBe(2);
    expect(again.err).toContain('already exist');
  });

  it('--pin replaces the template commit of that action; a pin of another workflow does not', async () => {
    const r = repo({
      '.github/workflows/lint.yml': `on: push\njobs:\n  l:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@${CHECKOUT} # v4\n`,
    });
    const out = await r.run(['init', '--scaffold-ci', '--pin', `actions/setup-node=${NODE}`]);
    expect(out.code, out.err).toBe(0);
    expect(out.out).toContain(`actions/setup-node@${NODE} (pin from --pin)`);
    const text = readFileSync(join(r.dir, WORKFLOW), 'utf8');
    expect(text).toContain(`actions/setup-node@${NODE} # pinned from --pin (the template pins `);
    expect(text).not.toContain(CHECKOUT);
    const refs = usesRefs(text);
    expect(refs.every((ref) => /^[0-9a-f]{40}$/.test(ref))).toBe(true);
  });

  it('writes neither file when one of them already exists', async () => {
    const r = repo({ [RUNNER]: '#!/bin/sh\necho mine\n' });
    const out = await r.run(['init', '--scaffold-ci']);
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

/** The pull-request job's audit command of the shipped workflow, its variables filled in. */
function prAuditCommand(): string[] {
  const workflow = parse(SHIPPED) as Workflow & {
    jobs: Record<string, { if?: string }>;
  };
  const job = workflow.jobs['audit'];
  expect(job?.if).toBe("github.event_name == 'pull_request'");
  const commands = (job?.steps ?? []).flatMap((s) => proofgateCommands(s.run ?? ''));
  const audit = commands.find((c) => c[0] === 'audit');
  expect(audit).toBeDefined();
  // verify --base, then the audit under the base's rules: nothing else proofgate runs there
  expect(commands.map((c) => c[0])).toEqual(['verify', 'audit']);
  return (audit ?? []).map((w) => w.replace('${{ github.run_id }}', '4242'));
}

const CI = {
  id: 'ci:github',
  kind: 'ci',
  stages: ['cross'],
  identities: [
    {
      issuer: 'https://token.actions.githubusercontent.com',
      subject: 'https://github.com/acme/app/.github/workflows/proofgate.yml@refs/heads/main',
    },
  ],
};
const DEV = ['--authority-id', 'virtual:developer', '--execution-context', 'local:dev'];

function ledgerText(r: GateRepo): string {
  const dir = join(r.dir, '.proofgate', 'evidence', 'ledger');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('');
}

describe("the pull-request job's cross audit (as the shipped workflow runs it)", () => {
  function ciRepo(): { r: GateRepo; flag: string } {
    const flag = join(makeTempDir('pg-pr-audit-'), 'broken');
    const r = makeGateRepo(
      [
        {
          id: 'unit',
          execution: `{ type: command, argv: ${nodeArgv(`process.exit(require("fs").existsSync(${JSON.stringify(flag)}) ? 1 : 0)`)} }`,
        },
      ],
      { authorities: [CI] },
    );
    repos.push(r);
    return { r, flag };
  }

  it('an honest run: AGREED, exit 0, and nothing is appended or signed', async () => {
    const { r } = ciRepo();
    expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(0);
    const before = ledgerText(r);
    const out = await r.run(prAuditCommand());
    expect(out.err).toBe('');
    expect(out.code).toBe(0);
    expect(out.out.split('\n')[0]).toBe(
      'AGREED cross audit of 1 controls: all PASS (not recorded: --no-record)',
    );
    expect(ledgerText(r)).toBe(before);
    expect((await r.run(['verify', '--full'])).code).toBe(0);
  });

  it('a result the CI cannot reproduce: DISPUTED, exit 1 (the check fails), nothing recorded', async () => {
    const { r, flag } = ciRepo();
    expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(0);
    writeFileSync(flag, 'x'); // on the CI's checkout the control fails: the developer's PASS is not reproduced
    const before = ledgerText(r);
    const out = await r.run(prAuditCommand());
    expect(out.code).toBe(1);
    expect(out.out.split('\n')[0]).toMatch(/^DISPUTED cross audit of 1 controls/);
    expect(out.out).toContain('status: reviewed PASS, audit FAIL');
    expect(ledgerText(r)).toBe(before);
    // --json says the same, and that it is a check, not evidence
    const json = JSON.parse((await r.run([...prAuditCommand(), '--json'])).out) as {
      ok: boolean;
      recorded?: boolean;
      results: { agreement: string; entry: string }[];
    };
    expect(json).toMatchObject({ ok: false, recorded: false });
    expect(json.results.map((x) => [x.agreement, x.entry])).toEqual([['disputed', '']]);
  });

  it('a check is never evidence: without --no-record the same authority must sign (exit 2), and --no-record cannot sign', async () => {
    const { r } = ciRepo();
    expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(0);
    const before = ledgerText(r);
    const recording = prAuditCommand().filter((w) => w !== '--no-record');
    const unsigned = await r.run(recording);
    expect(unsigned.code).toBe(2);
    expect(unsigned.err).toContain('authority ci:github signs keyless only');
    const both = await r.run([...prAuditCommand(), '--sign', 'sigstore']);
    expect(both.code).toBe(2);
    expect(both.err).toContain('--no-record records nothing, so there is nothing to sign');
    expect(ledgerText(r)).toBe(before);
  });

  it('still independent: the developer cannot check its own run as the CI check', async () => {
    const { r } = ciRepo();
    expect((await r.run(['evaluate', '--run', ...DEV])).code).toBe(0);
    const own = await r.run([
      'audit',
      '--audit-stage',
      'cross',
      '--authority-id',
      'virtual:developer',
      '--execution-context',
      'local:dev',
      '--no-record',
    ]);
    expect(own.code).toBe(2);
    expect(own.err).toContain('not registered for stage cross');
    expect(own.err).toContain('same execution context local:dev');
  });
});
