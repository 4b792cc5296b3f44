// The real-I/O wiring of `npm run demo` (scripts/demo.ts): the whole story on
// test/fixtures/demo-shop in a temporary git repository, through the built command
// (bin/proofgate.js running the bundle, as an installed user runs it). Each step states the exit
// code it expects; the demo exits 0 only when every step produced it.
import { join } from 'node:path';
import type { Context } from '../../core/context.ts';
import { createRealContext } from '../../io/host/context.ts';
import {
  appendToFile,
  commitAll,
  copyToTempRepo,
  publishToOrigin,
  removeDir,
  runBuiltCommand,
  tamperLedger,
} from '../../io/repo/demo-repo.ts';
import { packageRoot } from '../../io/host/package-root.ts';
import { isMainModule } from '../../io/host/main-module.ts';

const PACKAGE = packageRoot();
const TESTS = ['--control', 'ENG.TESTS'];
const REFUND = join(PACKAGE, 'controls/catalog/traces/examples/refund');
/** Lines of each step's output shown; the verdict is always the first. */
const SHOWN = 6;

interface Step {
  title: string;
  expect: number;
  args?: string[];
  /** A change to the repository made before the command (or instead of one). */
  before?: (dir: string) => void | Promise<void>;
}

function commitStep(message: string): (dir: string) => Promise<void> {
  return (dir) => commitAll(dir, message);
}

const STEPS: Step[] = [
  { title: 'scan: what the repository already has (nothing runs)', expect: 0, args: ['scan'] },
  {
    title: 'init with the owner’s profile: the control plane, commands as open slots',
    expect: 0,
    args: ['init', '--profile', join(PACKAGE, 'test/fixtures/demo-shop-profile.yaml')],
  },
  {
    title: 'adopt the project’s real test command into the tests slot',
    expect: 0,
    args: ['adopt', 'npm:test', '--fills', 'ENG.TESTS'],
    before: commitStep('demo-shop'),
  },
  {
    title: 'claim the task before anything ran: refused (TODO)',
    expect: 1,
    args: ['claim', ...TESTS],
    before: async (dir) => {
      await commitAll(dir, 'control plane');
      // The reviewed plane reaches the protected branch: its rules and tree are the task's base.
      await publishToOrigin(dir);
    },
  },
  {
    title: 'evaluate --run: the developer runs the tests; the result is bound to the code',
    expect: 0,
    args: ['evaluate', '--run', ...TESTS, '--execution-context', 'local:dev-laptop'],
  },
  {
    title: 'cross audit by virtual:quality in another context: re-runs and agrees',
    expect: 0,
    args: ['audit', '--audit-stage', 'cross', '--review-run', 'latest', ...TESTS],
  },
  { title: 'claim the task: granted', expect: 0, args: ['claim', ...TESTS] },
  {
    title: 'a code edit is committed: the PASS is STALE and the claim is refused',
    expect: 1,
    args: ['claim', ...TESTS],
    before: async (dir) => {
      await commitAll(dir, 'evidence');
      appendToFile(dir, 'src/refund.js', '// tweak\n');
      await commitAll(dir, 'tweak refund');
    },
  },
  {
    title: 'one ledger byte is changed: verify catches it (exit 3)',
    expect: 3,
    args: ['verify', '--full'],
    before: tamperLedger,
  },
  {
    title: 'trace check: the refund agent’s good trajectory passes',
    expect: 0,
    args: ['trace', 'check', '--pack', 'refund', `${REFUND}/good.events.jsonl`],
  },
  {
    title: 'trace check: the bad trajectory (refund without identity, false success) fails',
    expect: 1,
    args: ['trace', 'check', '--pack', 'refund', `${REFUND}/bad.events.jsonl`],
  },
];

export async function runDemo(base: Context = createRealContext()): Promise<number> {
  const say = (line: string): void => base.out.write(`${line}\n`);
  const dir = await copyToTempRepo(join(PACKAGE, 'test/fixtures/demo-shop'));
  const env = { ...base.env, NO_COLOR: '1' };
  const cross = ['--authority-id', 'virtual:quality', '--execution-context', 'ci:demo'];
  let failed = 0;
  try {
    say(`proofgate demo in ${dir} (a copy of test/fixtures/demo-shop)\n`);
    for (const [i, step] of STEPS.entries()) {
      say(`── ${i + 1}. ${step.title}`);
      await step.before?.(dir);
      const args = [...(step.args ?? []), ...(step.args?.[0] === 'audit' ? cross : [])];
      say(`$ proofgate ${args.join(' ').replaceAll(`${PACKAGE}/`, '')}`);
      const { code, text } = runBuiltCommand([...args, '--root', dir], dir, env);
      const lines = text.trimEnd().split('\n');
      for (const line of lines.slice(0, SHOWN)) say(`   ${line.replaceAll(`${PACKAGE}/`, '')}`);
      if (lines.length > SHOWN) say(`   … ${lines.length - SHOWN} more lines`);
      const ok = code === step.expect;
      if (!ok) failed += 1;
      say(`${ok ? '✓' : '✗'} exit ${code}${ok ? '' : ` (expected ${step.expect})`}\n`);
    }
  } finally {
    removeDir(dir);
  }
  say(
    failed === 0
      ? `DEMO OK: all ${STEPS.length} steps gave the expected exit code`
      : `DEMO FAILED: ${failed} of ${STEPS.length} steps gave an unexpected exit code`,
  );
  return failed === 0 ? 0 : 1;
}

/** Runs the demo when `url` is the module node started, its exit code the process's. */
export function runDemoIfMain(url: string): void {
  if (isMainModule(url)) void runDemo().then((code) => (process.exitCode = code));
}
