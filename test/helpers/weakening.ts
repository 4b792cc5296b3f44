// The attack suite of issue 46 ("verification cannot be weakened unnoticed") on a project of our
// own beyond npm (test/e2e/weakening-python.test.ts, weakening-rust.test.ts): the base
// (origin/main) has the right code, its tests and their PASS in its ledger, built once per
// maturity; each case works on a copy of it. The agent leaves a real bug in the code and, instead
// of fixing it, weakens the verification; the suite still passes, and the task claim must be
// refused AND the Stop hook block, both naming the weakening. An honest change with a new test is
// granted, and a change of what the runner runs already on the base counts.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dispatchCommand } from '../../scripts/cli.ts';
import { actingAs } from './audit-argv.ts';
import { createTestContext } from './context.ts';
import { makeGateRepo } from './gate-repo.ts';
import { makeTempDir, openRepo, type TestRepo } from './git-repo.ts';
import { hookStopIn } from './hook-stop.ts';
import { pushToOrigin } from './upstream-repo.ts';
import { toolchainEnv } from './toolchain-env.ts';

const DEV = actingAs('virtual:developer', 'local:dev');
const TASK = ['claim', '--control', 'ENG.TESTS', '--no-record'];
const MATURITIES = ['prototype', 'engineering_ready'] as const;
type Maturity = (typeof MATURITIES)[number];
/** A case runs the suite and its mutants (three rebuilds for Rust) on a machine others share. */
const SLOW = 180_000;

/** The interpreter's own folder first on PATH: a version manager's shim (pyenv) doubles each start. */
function pythonPath(): string {
  const found = spawnSync(
    'python3',
    ['-c', 'import os, sys; print(os.path.dirname(sys.executable))'],
    {
      encoding: 'utf8',
    },
  );
  const path = process.env['PATH'] ?? '';
  return found.status === 0 && found.stdout.trim() !== '' ? `${found.stdout.trim()}:${path}` : path;
}

export interface Project extends TestRepo {
  pg(args: string[]): Promise<{ code: number; out: string; err: string }>;
}

/** An attack: what the agent changes, and the words the refusal and the hook must both hold. */
export interface Attack {
  name: string;
  apply: (p: Project) => void;
  reasons: string[];
  /** Caught by the changed-line mutants: the default 3 planted; else 1 (the time is the suite's). */
  mutants?: true;
}

export interface Language {
  name: 'python' | 'rust';
  argv: string;
  /** Literal values the control sets for its command (`execution.env_values`), as YAML. */
  envValues?: string;
  files: Record<string, string>;
  /** The file with the bug, the right line and the buggy one. */
  bug: [file: string, right: string, buggy: string];
  attacks: Attack[];
  /** A change of what the runner runs, committed on the base (with its run) in the "on the base" case. */
  onBase: (p: Project) => void;
  /** The honest change: a new function and a test of it. */
  honest: (p: Project) => void;
}

export function replaceIn(p: Project, file: string, from: string, to: string): void {
  const text = readFileSync(join(p.dir, file), 'utf8');
  expect(text).toContain(from);
  p.write(file, text.replace(from, to));
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

function project(dir: string, env: Record<string, string>): Project {
  return {
    ...openRepo(dir),
    async pg(args) {
      const ctx = createTestContext({
        cwd: dir,
        now: new Date().toISOString(),
        env: { USER: 'dev', ...env },
      });
      const code = await dispatchCommand([...args, '--root', dir], ctx);
      return { code, out: ctx.stdout(), err: ctx.stderr() };
    },
  };
}

/** What the cases of `language` run that this machine lacks, if anything. */
function missingTool(language: Language['name']): string | undefined {
  const [name, program, args] =
    language === 'python'
      ? ['pytest (python3 -m pytest)', 'python3', ['-m', 'pytest', '--version']]
      : ['cargo', 'cargo', ['--version']];
  return spawnSync(program, args, { stdio: 'ignore' }).status === 0 ? undefined : name;
}

/** The cases of `lang`, skipped with the reason when its toolchain is missing here. */
export function describeWeakening(lang: Language): void {
  const missing = missingTool(lang.name);
  describe.skipIf(missing !== undefined)(
    `${lang.name}${missing === undefined ? '' : ` (skipped: ${missing} is not installed here)`}`,
    () => {
      const target = lang.name === 'rust' ? makeTempDir('pg-weaken-rust-target-') : undefined;
      const env: Record<string, string> = {
        PATH:
          lang.name === 'python' && missing === undefined
            ? pythonPath()
            : (process.env['PATH'] ?? ''),
        HOME: process.env['HOME'] ?? '/tmp',
        ...toolchainEnv(),
        // One target directory for every case of the file: each cargo test builds incrementally.
        ...(target === undefined ? {} : { CARGO_TARGET_DIR: target }),
      };
      const bases = new Map<Maturity, { dir: string; remove: () => void }>();
      afterAll(() => {
        for (const b of bases.values()) b.remove();
        if (target !== undefined) rmSync(target, { recursive: true, force: true });
      });

      /** The base: the right code, its tests' PASS in the ledger, pushed as origin/main. */
      beforeAll(async () => {
        for (const maturity of MATURITIES) {
          const r = makeGateRepo(
            [
              {
                id: 'ENG.TESTS',
                execution: `{ type: command, argv: ${lang.argv}${lang.envValues === undefined ? '' : `, env_values: ${lang.envValues}`} }`,
              },
            ],
            { targetMaturity: maturity, files: lang.files },
          );
          const p = project(r.dir, env);
          const ran = await p.pg(['evaluate', '--run', ...DEV]);
          expect(ran.code, ran.out + ran.err).toBe(0);
          p.commit('evidence of the base');
          const removeOrigin = pushToOrigin(p);
          p.write('.git/proofgate/task.json', JSON.stringify({ controls: ['ENG.TESTS'] }));
          bases.set(maturity, { dir: r.dir, remove: () => (r.remove(), removeOrigin()) });
        }
      }, SLOW);

      /** A copy of the base at `maturity` (sharing its origin: a case never pushes to it). */
      function copy(maturity: Maturity): Project {
        const dir = join(makeTempDir(`pg-weaken-${lang.name}-`), 'calc');
        cpSync(bases.get(maturity)!.dir, dir, { recursive: true });
        cleanups.push(() => rmSync(join(dir, '..'), { recursive: true, force: true }));
        return project(dir, env);
      }

      async function evaluatePasses(p: Project, mutants?: number): Promise<string> {
        const limit = mutants === undefined ? [] : ['--max-mutants', String(mutants)];
        const ran = await p.pg(['evaluate', '--run', ...DEV, ...limit]);
        expect(ran.code, `the weakened suite passes: ${ran.out}${ran.err}`).toBe(0);
        return ran.out;
      }

      it(
        'the bug is real: the suite fails on it',
        async () => {
          const p = copy('prototype');
          const [file, right, buggy] = lang.bug;
          replaceIn(p, file, right, buggy);
          const ran = await p.pg(['evaluate', '--run', ...DEV, '--max-mutants', '0']);
          expect(ran.code, ran.out + ran.err).toBe(1);
          expect(ran.out).toMatch(/FAIL +ENG\.TESTS/);
          // cargo built in the shared target directory, none in the project.
          if (target !== undefined) {
            expect(existsSync(join(target, 'debug'))).toBe(true);
            expect(existsSync(join(p.dir, 'target'))).toBe(false);
          }
        },
        SLOW,
      );

      describe.each(MATURITIES)('at %s', (maturity) => {
        it.each(lang.attacks.map((a) => [a.name, a] as const))(
          '%s, the bug left in: refused, and the hook blocks',
          async (_name, attack) => {
            const p = copy(maturity);
            const [file, right, buggy] = lang.bug;
            replaceIn(p, file, right, buggy);
            attack.apply(p);
            const out = await evaluatePasses(p, attack.mutants === true ? undefined : 1);
            if (attack.mutants === true) expect(out).toMatch(/planted of \d+ site\(s\), 0 killed/);
            const claim = await p.pg(TASK);
            expect(claim.code, claim.out + claim.err).toBe(1);
            expect(claim.out).toMatch(/^REFUSED \[task\]/);
            for (const reason of attack.reasons) expect(claim.out).toContain(reason);
            const stop = await hookStopIn(p.dir);
            expect(stop.decision).toBe('block');
            for (const reason of attack.reasons) expect(stop.reason).toContain(reason);
          },
          SLOW,
        );

        it(
          'the honest change, a new function with its test: granted, the hook lets the stop through',
          async () => {
            const p = copy(maturity);
            lang.honest(p);
            await evaluatePasses(p);
            const claim = await p.pg(TASK);
            expect(claim.code, claim.out + claim.err).toBe(0);
            expect(claim.out).toMatch(/^COMPLETED \[task\]/);
            const stop = await hookStopIn(p.dir);
            expect(stop.decision, stop.reason).toBeUndefined();
          },
          SLOW,
        );
      });

      it(
        'a change of what the runner runs already on the base counts: granted',
        async () => {
          const p = copy('prototype');
          lang.onBase(p);
          await evaluatePasses(p, 0);
          p.commit('narrowed on the base, with its evidence');
          p.git('remote', 'remove', 'origin');
          cleanups.push(pushToOrigin(p));
          lang.honest(p);
          await evaluatePasses(p);
          const claim = await p.pg(TASK);
          expect(claim.code, claim.out + claim.err).toBe(0);
          expect(claim.out).toContain('control definitions: unchanged since origin/main');
          expect((await hookStopIn(p.dir)).decision).toBeUndefined();
        },
        SLOW,
      );
    },
  );
}
