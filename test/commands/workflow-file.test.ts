// The GitHub Actions workflow shipped in the package (templates/github/proofgate.yml) is parsed as
// YAML; every `proofgate …` command in its `run:` steps is tokenised like a shell would, and each
// verb, action, --flag and choice value must exist in that command's own declarations. Then the
// properties the workflow promises: least permissions, full history, a maintained Node LTS, a
// status summary that cannot turn red, the claim judged by the base policy, and SARIF upload.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, test } from 'vitest';
import {
  commandProblems,
  proofgateCommands,
  type Step,
  type Workflow,
} from '../helpers/workflow-commands.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const WORKFLOW = 'templates/github/proofgate.yml';
const text = readFileSync(join(ROOT, WORKFLOW), 'utf8');

const workflow = parse(text) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
const runs = steps.flatMap((s) => (s.run === undefined ? [] : [s.run]));
const commands = runs.flatMap(proofgateCommands);

describe(`${WORKFLOW}: every proofgate command exists with its flags`, () => {
  test('the workflow runs the gate commands it promises', () => {
    const shown = commands.map((c) => c.slice(0, 2).join(' '));
    expect(shown).toEqual(
      expect.arrayContaining([
        'verify --base',
        'status --markdown',
        'claim --scope',
        'trace check',
      ]),
    );
  });

  test.each(commands.map((c) => [c.join(' '), c]))('proofgate %s', async (_shown, command) => {
    expect(await commandProblems(command)).toEqual([]);
  });

  test('the checker can fail: a wrong verb, action, flag or choice is reported', async () => {
    const script = [
      'npx proofgate claim --scope everything --nope',
      'npx --no-install proofgate trace chek --pack p.yaml',
      'npx proofgate frobnicate',
      'echo proofgate claim --nope # not run through npx',
    ].join('\n');
    const found = await Promise.all(proofgateCommands(script).map(commandProblems));
    expect(found).toEqual([
      [
        'claim: --scope everything is not one of task, project, release',
        'claim: unknown flag --nope',
      ],
      ['trace: unknown action chek'],
      ['unknown verb frobnicate'],
    ]);
  });

  test('tokens are shell words: quotes removed, cut at redirections and pipes', () => {
    expect(proofgateCommands('npx proofgate status --markdown >> "$GITHUB_STEP_SUMMARY"')).toEqual([
      ['status', '--markdown'],
    ]);
    expect(proofgateCommands(`x && npx proofgate verify --base "$B" || echo 'a b'`)).toEqual([
      ['verify', '--base', '$B'],
    ]);
  });
});

describe(`${WORKFLOW}: what it promises`, () => {
  test('least permissions: read everywhere; security-events: write only where SARIF is uploaded', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    for (const [name, job] of Object.entries(workflow.jobs)) {
      const uploads = job.steps.some((s) =>
        s.uses?.startsWith('github/codeql-action/upload-sarif'),
      );
      const keyless = job.steps.some((s) => s.run?.includes('--sign sigstore'));
      const writes = Object.entries(job.permissions ?? {}).filter(([, v]) => v === 'write');
      const expected = [
        // the witness job commits its signed entries back to the protected branch
        ...(keyless ? [['contents', 'write']] : []),
        ...(uploads ? [['security-events', 'write']] : []),
        ...(keyless ? [['id-token', 'write']] : []),
      ];
      expect([name, writes]).toEqual([name, expected]);
    }
  });

  test('keyless signing (id-token: write) runs only on a push to the protected branch', () => {
    const signing = Object.entries(workflow.jobs).filter(([, job]) =>
      job.steps.some((s) => s.run?.includes('--sign sigstore')),
    );
    expect(signing.map(([name]) => name)).toEqual(['witness']);
    const job = signing[0]![1];
    expect(job.if).toBe("github.event_name == 'push'");
    const keyless = job.steps.flatMap((s) => proofgateCommands(s.run ?? '')).map((c) => c[0]);
    expect(keyless).toEqual(['audit', 'seal']);
    for (const [name, other] of Object.entries(workflow.jobs)) {
      if (name !== 'witness') expect(other.if).toBe("github.event_name == 'pull_request'");
    }
    // the signed entries reach the ledger every clone gets: committed and pushed, not an artifact
    const append = job.steps.at(-1)!.run ?? '';
    expect(append).toMatch(
      /git add -- "\$PLANE\/evidence"[\s\S]*git push origin "HEAD:\$\{GITHUB_REF_NAME\}"/,
    );
    expect(job.steps.some((s) => s.uses?.startsWith('actions/upload-artifact'))).toBe(false);
  });

  test('a maintained Node LTS, full history for --base, npm ci before any proofgate step', () => {
    const nodes = steps.filter((s) => s.uses?.startsWith('actions/setup-node'));
    expect(nodes.length).toBeGreaterThan(0);
    for (const s of nodes) expect([22, 24]).toContain(s.with?.['node-version']);
    const checkouts = steps.filter((s) => s.uses?.startsWith('actions/checkout'));
    for (const s of checkouts) expect(s.with?.['fetch-depth']).toBe(0);
    for (const job of Object.values(workflow.jobs)) {
      const ci = job.steps.findIndex((s) => s.run?.trim() === 'npm ci');
      const first = job.steps.findIndex((s) => proofgateCommands(s.run ?? '').length > 0);
      expect(ci).toBeGreaterThanOrEqual(0);
      expect(ci).toBeLessThan(first);
    }
  });

  test('status --markdown goes to the step summary and cannot turn the job red', () => {
    const step = steps.find((s) => s.run?.includes('status --markdown'))!;
    expect(step.run).toContain('>> "$GITHUB_STEP_SUMMARY"');
    expect(step['continue-on-error']).toBe(true);
    expect(step.run).not.toContain('|| true');
  });

  test('the project claim runs against the base, which supplies the rules itself', () => {
    const gate = Object.values(workflow.jobs).find((j) =>
      j.steps.some((s) => s.run?.includes('proofgate claim')),
    )!;
    const claimAt = gate.steps.findIndex((s) => s.run?.includes('proofgate claim'));
    const claim = proofgateCommands(gate.steps[claimAt]!.run!)[0]!;
    expect(claim.join(' ')).toBe('claim --scope project --base $BASE --no-record');
    // No step overwrites the plane with the base's: the claim reads the base rules, lists the
    // pull request's rule changes, and counts approved definition changes.
    expect(gate.steps.some((s) => /git checkout "\$BASE" --/.test(s.run ?? ''))).toBe(false);
    const verifyAt = gate.steps.findIndex((s) => s.run?.includes('proofgate verify --base'));
    expect(verifyAt).toBeGreaterThan(-1);
    expect(verifyAt).toBeLessThan(claimAt);
  });

  test('trace findings are written as SARIF and uploaded even when the check fails', () => {
    const check = commands.find((c) => c[0] === 'trace')!;
    const sarif = check[check.indexOf('--sarif') + 1];
    const upload = steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif'))!;
    expect(upload.with?.['sarif_file']).toBe(sarif);
    expect(upload.if).toContain('always()');
  });

  test('every action of both shipped workflows is pinned to a full commit SHA naming its tag', () => {
    for (const file of [WORKFLOW, 'templates/github/proofgate-sharded.yml']) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      const uses = [...source.matchAll(/^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/gm)];
      expect(uses.length).toBeGreaterThan(2);
      for (const [, ref = '', rest = ''] of uses) {
        expect([file, ref]).toEqual([file, expect.stringMatching(/@[0-9a-f]{40}$/)]);
        expect([file, rest.trim()]).toEqual([file, expect.stringMatching(/^# v\d+\.\d+\.\d+$/)]);
      }
      // one commit per action across the file
      const byAction = new Map<string, Set<string>>();
      for (const [, ref = ''] of uses) {
        const [action = '', sha = ''] = ref.split('@');
        const repo = action.split('/').slice(0, 2).join('/');
        byAction.set(repo, (byAction.get(repo) ?? new Set()).add(sha));
      }
      for (const [action, shas] of byAction) expect([action, shas.size]).toEqual([action, 1]);
    }
  });

  test('every pull request gets the cross audit as a check: base rules, no record, no signature', () => {
    const job = workflow.jobs['audit']!;
    expect(job.if).toBe("github.event_name == 'pull_request'");
    expect(job.permissions).toBeUndefined(); // contents: read, no id-token
    const audits = job.steps.flatMap((s) => proofgateCommands(s.run ?? ''));
    const audit = audits.find((c) => c[0] === 'audit')!;
    expect(audit).toEqual(expect.arrayContaining(['--audit-stage', 'cross', '--no-record']));
    expect(audit).not.toContain('--sign');
    const auditAt = job.steps.findIndex((s) => s.run?.includes('proofgate audit'));
    const rulesAt = job.steps.findIndex((s) =>
      /git checkout "\$BASE" -- \$controls/.test(s.run ?? ''),
    );
    expect(rulesAt).toBeGreaterThan(-1);
    expect(rulesAt).toBeLessThan(auditAt);
    // a dispute exits 1: nothing may swallow it
    for (const s of job.steps) {
      expect(s['continue-on-error']).toBeUndefined();
      expect(s.run ?? '').not.toContain('|| true');
    }
  });

  test('on the protected branch a DISPUTED audit is committed, then fails the job', () => {
    const job = workflow.jobs['witness']!;
    const step = job.steps.find((s) => s.run?.includes('proofgate audit'))! as Step & {
      id?: string;
    };
    expect(step.id).toBe('audit');
    // exit 1 (recorded dispute) goes on to the commit; 2-4 (nothing written) stop the job
    expect(step.run).toContain('[ "$code" -le 1 ]');
    const last = job.steps.at(-1)! as Step & { env?: Record<string, string> };
    expect(last.env?.['AUDIT']).toBe('${{ steps.audit.outputs.code }}');
    const push = last.run!.indexOf('git push');
    const fail = last.run!.indexOf('exit 1');
    expect(push).toBeGreaterThan(-1);
    expect(fail).toBeGreaterThan(push);
  });

  test('the package ships the workflow, and the CI page points at it', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('templates');
    expect(readFileSync(join(ROOT, 'references', 'ci-integration.md'), 'utf8')).toContain(WORKFLOW);
  });
});
