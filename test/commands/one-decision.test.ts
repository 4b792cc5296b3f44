// "What is open" is assembled in one place: claim-now.ts decideClaimNow. No other flow or verb
// puts a verdict together from its pieces (the deciding rules, a task's scope, decideVerdict, the
// base's gate, the brownfield refusal), so claim, the Stop hook and every view cannot drift apart.
// Campaign task claims decide through campaign-claim.ts decideInCampaign, which claim --campaign
// and the hook share. Which claim a task makes (a campaign task, a phase or a plain task) and the
// controls it names are chosen in claim-subject.ts chooseClaimSubject, for claim and the hook.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPTS = join(import.meta.dirname, '..', '..', 'scripts');
const PIECES = /\b(decideVerdict|gateByBase|rulesFor|scopeTask|refuseTaskOutsideCampaign)\(/;
/** Where the pieces are defined, and the two places that assemble a decision from them. */
const ASSEMBLERS = ['claim-now.ts', 'campaign-claim.ts', 'claim-rules.ts', 'claim-scope.ts'];

/** The .ts files in `dir` (with `deep`, in its domain folders too), each named by its file name. */
function sources(dir: string, deep = false): { name: string; text: string }[] {
  return readdirSync(dir, { recursive: deep, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((path) => ({
      name: path.split('/').at(-1) ?? path,
      text: readFileSync(join(dir, path), 'utf8'),
    }));
}

const assembling = (files: { name: string; text: string }[]): string[] =>
  files.filter((f) => PIECES.test(f.text)).map((f) => f.name);

/** Files that work out a task's named controls themselves (the environment variable's ids). */
const choosing = (files: { name: string; text: string }[]): string[] =>
  files
    .filter((f) => /\b(parseTaskControlsEnv|TASK_CONTROLS_ENV)\b/.test(f.text))
    .map((f) => f.name);

describe('one decision', () => {
  it('only claim-now.ts (and the campaign claim) assembles a verdict among flows and verbs', () => {
    const flows = assembling(sources(join(SCRIPTS, 'lib', 'flows'), true));
    expect(flows.filter((f) => !ASSEMBLERS.includes(f))).toEqual([]);
    expect(flows).toContain('claim-now.ts');
    const verbFolders = readdirSync(SCRIPTS, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'lib')
      .map((d) => join(SCRIPTS, d.name));
    expect(assembling([SCRIPTS, ...verbFolders].flatMap((d) => sources(d)))).toEqual([]);
  });

  it('claim, the Stop hook and every view call decideClaimNow', () => {
    const flows = sources(join(SCRIPTS, 'lib', 'flows'), true);
    const callers = flows.filter((f) => /\bdecideClaimNow\(/.test(f.text)).map((f) => f.name);
    expect(callers.sort()).toEqual(
      [
        'claim-flow.ts',
        'claim-now.ts',
        'handoff-flow.ts',
        'hook-stop-claim.ts',
        'knowledge-sources.ts',
        'query-flow.ts',
        'readiness-flow.ts',
        'report-flow.ts',
        'status-flow.ts',
      ].sort(),
    );
  });

  it('weakened test files refuse inside the two assemblers alone, so claim and the Stop hook agree', () => {
    const flows = sources(join(SCRIPTS, 'lib', 'flows'), true);
    const callers = flows.filter((f) => /\bgateByTestTeeth\(/.test(f.text)).map((f) => f.name);
    expect(callers.sort()).toEqual(['campaign-claim.ts', 'claim-now.ts']);
    const applying = flows.filter((f) => /\bwithTestTeeth\(/.test(f.text)).map((f) => f.name);
    expect(applying).toEqual(['test-teeth.ts']);
  });

  it('claim and the Stop hook choose the subject through chooseClaimSubject alone', () => {
    const files = [
      ...sources(join(SCRIPTS, 'lib', 'flows'), true),
      ...sources(join(SCRIPTS, 'lib', 'cli', 'run')).map((f) => ({ ...f, name: `run/${f.name}` })),
    ];
    const callers = files.filter((f) => /\bchooseClaimSubject\(/.test(f.text)).map((f) => f.name);
    expect(callers.sort()).toEqual(['claim-subject.ts', 'hook-stop-claim.ts', 'run/claim.ts']);
    expect(choosing(files)).toEqual(['claim-subject.ts']);
  });

  it("finds a second place that reads the task's named controls (the check can fail)", () => {
    const planted = [{ name: 'x.ts', text: 'const ids = parseTaskControlsEnv(env[TASK]);' }];
    expect(choosing(planted)).toEqual(['x.ts']);
  });

  it('finds an assembler that is not claim-now.ts (the check can fail)', () => {
    const planted = [{ name: 'x-flow.ts', text: 'const d = decideVerdict(scope, plane, g);' }];
    expect(assembling(planted)).toEqual(['x-flow.ts']);
  });
});
