// The gate's own binding, on a real repository with proofgate installed under node_modules (a copy
// of this package's bundle): every result records proofgate's version, bundle digest and trust;
// an agent that edits the installed gate (a bundle file, then also its build record, then the installed
// skill) gets a modified gate, which refuses every claim, is a verify finding, and whose results
// never count; an upgrade stales earlier results only as policies.tool.upgrade_stales says.
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';
import { WORKTREE } from '../helpers/cli.ts';
import { stopPayloadFor } from '../helpers/hook-stop.ts';
import { hotFilesIn } from '../helpers/hot-files.ts';

const SHIPPED = [
  'package.json',
  'bin',
  'dist',
  'controls/catalog',
  'controls/schema',
  'controls/sigstore',
  'references',
  'templates',
  'SKILL.md',
  'INDEX.md',
];

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

interface Installed {
  repo: GateRepo;
  pkg: string;
  pg: (args: string[], input?: string) => { code: number; out: string; err: string };
}

/** A repository with one passing control and proofgate copied to node_modules/proofgate. */
function installed(manifestPolicy = ''): Installed {
  const repo = makeGateRepo(
    [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }` }],
    { files: { '.gitignore': 'node_modules/\n' } },
  );
  repos.push(repo);
  const manifest = join(repo.dir, '.proofgate', 'controls', 'manifest.yaml');
  let text = readFileSync(manifest, 'utf8').replace(
    /(project|release): \{ required_stages: \[[^\]]*\] \}/g,
    '$1: { required_stages: [self] }',
  );
  if (manifestPolicy !== '') text = text.replace(/^policies:\n/m, `policies:\n${manifestPolicy}`);
  writeFileSync(manifest, text);
  repo.commit('self only');
  const pkg = join(repo.dir, 'node_modules', 'proofgate');
  for (const part of SHIPPED) cpSync(join(WORKTREE, part), join(pkg, part), { recursive: true });
  return {
    repo,
    pkg,
    pg: (args, input) => {
      const run = spawnSync(
        process.execPath,
        [join(pkg, 'bin', 'proofgate.js'), ...args, '--root', repo.dir],
        {
          cwd: repo.dir,
          encoding: 'utf8',
          ...(input === undefined ? {} : { input }),
          env: {
            PATH: process.env['PATH'] ?? '',
            HOME: process.env['HOME'] ?? '/tmp',
            NO_COLOR: '1',
            TZ: 'UTC',
            USER: 'dev',
          },
        },
      );
      return { code: run.status ?? -1, out: run.stdout, err: run.stderr };
    },
  };
}

/** An installed gate whose evidence is committed and whose Stop hook lets the stop through. */
function stopping(): Installed & { stop: () => ReturnType<Installed['pg']> } {
  const gate = installed();
  expect(gate.pg(['evaluate', '--run']).code).toBe(0);
  gate.repo.commit('evidence');
  const stop = () => gate.pg(['hook', 'stop'], stopPayloadFor(gate.repo.dir));
  expect(stop()).toMatchObject({ code: 0, out: '' });
  return { ...gate, stop };
}

function runBodies(repo: GateRepo): Record<string, unknown>[] {
  const dir = join(repo.dir, '.proofgate', 'evidence', 'ledger');
  return readdirSync(dir)
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean))
    .map((l) => JSON.parse(l) as { kind: string; body: Record<string, unknown> })
    .filter((e) => e.kind === 'run')
    .map((e) => e.body);
}

/** A file of the installed bundle that the agent edits (the prefetch script, run as it is). */
function editBundleFile(pkg: string, alsoRecord: boolean): void {
  const record = join(pkg, 'dist', '.digests.json');
  const digests = JSON.parse(readFileSync(record, 'utf8')) as Record<string, string>;
  const name = hotFilesIn(join(pkg, 'dist')).prefetch;
  appendFileSync(join(pkg, 'dist', name), '\n// the agent was here\n');
  if (!alsoRecord) return;
  digests[name] = createHash('sha256')
    .update(readFileSync(join(pkg, 'dist', name)))
    .digest('hex');
  writeFileSync(record, JSON.stringify(digests));
}

function setVersion(pkg: string, version: string): void {
  const path = join(pkg, 'package.json');
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  writeFileSync(path, JSON.stringify({ ...parsed, version }));
}

describe('every result binds the gate that wrote it', () => {
  it('records version, bundle digest and trust clean for an untouched installed package', () => {
    const { repo, pg } = installed();
    expect(pg(['evaluate', '--run']).code).toBe(0);
    const [body] = runBodies(repo);
    const tool = body?.['tool'] as Record<string, unknown>;
    const version = (
      JSON.parse(readFileSync(join(WORKTREE, 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    expect(tool['version']).toBe(version);
    expect(tool['bundle']).toMatch(/^[0-9a-f]{64}$/);
    expect(tool['trust']).toBe('clean');
    expect(pg(['claim', '--control', 'tests']).code).toBe(0);
    const status = JSON.parse(pg(['status', '--json']).out) as { tool: { trust: string } };
    expect(status.tool.trust).toBe('clean');
    const verify = pg(['verify']);
    expect(verify.code).toBe(0);
    expect(verify.out).toContain(`gate: proofgate ${version}, trust clean`);
  });
});

describe('a locally modified gate refuses every claim', () => {
  it('an edited bundle file: claim refused naming the gate, exit 3 as verify, status shows it', () => {
    const { pkg, pg } = installed();
    expect(pg(['evaluate', '--run']).code).toBe(0);
    editBundleFile(pkg, false);
    const claim = pg(['claim', '--control', 'tests', '--json']);
    expect(claim.code).toBe(3);
    expect(JSON.parse(claim.out)).toMatchObject({ granted: false, gateModified: true });
    const refused = JSON.parse(claim.out) as { blockers: { control: string; reason: string }[] };
    const blocker = refused.blockers.find((b) => b.control === 'tool:proofgate');
    expect(blocker?.reason).toMatch(/modified: bundle file\(s\) differ from the build record/);
    const verify = pg(['verify']);
    expect(verify.code).toBe(3);
    expect(verify.out).toContain('TOOL_MODIFIED');
    const status = pg(['status']);
    expect(status.code).toBe(3);
    expect(status.out).toMatch(/gate: proofgate .*, trust modified/);
    expect(pg(['status', '--readiness']).code).toBe(3);
    const report = pg(['report', '--html', join(pkg, '..', 'report.html'), '--json']);
    expect(report.code, report.out).toBe(3);
    expect(JSON.parse(report.out)).toMatchObject({ isIntact: true, gateModified: true });
  });

  // A cache that is not there is not used (the script compiles without it) and still named.
  it('a deleted code cache: the claim runs, still modified, named', () => {
    const { pkg, pg } = installed();
    expect(pg(['evaluate', '--run']).code).toBe(0);
    const name = hotFilesIn(join(pkg, 'dist')).cache;
    rmSync(join(pkg, 'dist', name));
    const claim = pg(['claim', '--control', 'tests', '--json']);
    expect(claim.code).toBe(3);
    const refused = JSON.parse(claim.out) as { blockers: { control: string; reason: string }[] };
    expect(refused.blockers.find((b) => b.control === 'tool:proofgate')?.reason).toContain(name);
  });

  // The prefetch script runs first, before anything is hashed; the verdict hashes it all the same.
  it('the Stop hook: an edited prefetch script still blocks the stop, naming the gate', () => {
    const { pkg, stop } = stopping();
    const name = hotFilesIn(join(pkg, 'dist')).prefetch;
    appendFileSync(join(pkg, 'dist', name), '\n// the agent was here\n');
    const blocked = stop();
    const decision = JSON.parse(blocked.out) as { decision?: string; reason?: string };
    expect(decision.decision).toBe('block');
    expect(decision.reason).toContain('tool:proofgate');
    expect(decision.reason).toContain(name);
  });

  it('a bundle file that cannot be read (not missing) fails closed: no verdict, the hook blocks', () => {
    const { repo, pkg, pg } = installed();
    expect(pg(['evaluate', '--run']).code).toBe(0);
    repo.commit('evidence');
    // The cache: bin/hot.js then runs the script without it, and the gate must read it.
    const unused = hotFilesIn(join(pkg, 'dist')).cache;
    rmSync(join(pkg, 'dist', unused));
    mkdirSync(join(pkg, 'dist', unused)); // a directory: read fails with EISDIR, not ENOENT
    const claim = pg(['claim', '--control', 'tests']);
    expect(claim.code).toBe(4);
    expect(claim.err).toContain(`IO_FAILED`);
    expect(claim.err).toContain(unused);
    expect(claim.err).not.toMatch(/\n\s+at /); // an error, never a stack trace
    const stop = pg(['hook', 'stop'], stopPayloadFor(repo.dir));
    expect((JSON.parse(stop.out) as { decision?: string }).decision).toBe('block');
  });

  // The verbs run from dist/hot-<hash>.js compiled with its V8 code cache, dist/hot-<hash>.cache
  // (bin/hot.js).
  // A cache is bytecode V8 runs without checking it against the source beyond its length: an
  // edited one must never run, and the gate names it like any edited bundle file.
  it('an edited code cache: the stop blocks, and claim and verify name it', () => {
    const { pkg, pg, stop } = stopping();
    const name = hotFilesIn(join(pkg, 'dist')).cache;
    const cache = join(pkg, 'dist', name);
    const bytes = readFileSync(cache);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
    writeFileSync(cache, bytes);
    const decision = JSON.parse(stop().out) as { decision?: string; reason?: string };
    expect(decision.decision).toBe('block');
    expect(decision.reason).toContain('tool:proofgate');
    expect(decision.reason).toContain(name);
    const claim = pg(['claim', '--control', 'tests', '--json']);
    expect(claim.code).toBe(3);
    const refused = JSON.parse(claim.out) as { blockers: { control: string; reason: string }[] };
    expect(refused.blockers.find((b) => b.control === 'tool:proofgate')?.reason).toContain(name);
    const verify = pg(['verify']);
    expect(verify.code).toBe(3);
    expect(verify.out).toContain('TOOL_MODIFIED');
  });

  // The hot script, and the prefetch script that starts the first git questions before it loads
  // (scripts/lib/io/git/prefetch.ts): both run as they are.
  it.each(['script', 'prefetch'] as const)(
    'an edited hot %s runs as it is and is named like any edited bundle file',
    (which) => {
      const { pkg, pg } = installed();
      expect(pg(['evaluate', '--run']).code).toBe(0);
      const name = hotFilesIn(join(pkg, 'dist'))[which];
      appendFileSync(join(pkg, 'dist', name), '\n// the agent was here\n');
      const claim = pg(['claim', '--control', 'tests', '--json']);
      expect(claim.code).toBe(3);
      const refused = JSON.parse(claim.out) as { blockers: { control: string; reason: string }[] };
      expect(refused.blockers.find((b) => b.control === 'tool:proofgate')?.reason).toContain(name);
    },
  );

  it('an edited hot script and cache with a rewritten build record: the ledger remembers', () => {
    const { pkg, pg } = installed();
    expect(pg(['evaluate', '--run']).code).toBe(0);
    const record = join(pkg, 'dist', '.digests.json');
    const digests = JSON.parse(readFileSync(record, 'utf8')) as Record<string, string>;
    for (const name of [
      hotFilesIn(join(pkg, 'dist')).script,
      hotFilesIn(join(pkg, 'dist')).cache,
    ]) {
      appendFileSync(join(pkg, 'dist', name), '\n// the agent was here\n');
      digests[name] = createHash('sha256')
        .update(readFileSync(join(pkg, 'dist', name)))
        .digest('hex');
    }
    writeFileSync(record, JSON.stringify(digests));
    const claim = pg(['claim', '--control', 'tests', '--json']);
    expect(claim.code).toBe(3);
    const refused = JSON.parse(claim.out) as { blockers: { control: string; reason: string }[] };
    expect(refused.blockers.find((b) => b.control === 'tool:proofgate')?.reason).toMatch(
      /recorded first/,
    );
  });

  it('an edited bundle file with a rewritten build record: the ledger remembers the bundle', () => {
    const { pkg, pg } = installed();
    expect(pg(['evaluate', '--run']).code).toBe(0);
    editBundleFile(pkg, true);
    const claim = pg(['claim', '--control', 'tests', '--json']);
    expect(claim.code).toBe(3);
    const refused = JSON.parse(claim.out) as { blockers: { control: string; reason: string }[] };
    expect(refused.blockers.find((b) => b.control === 'tool:proofgate')?.reason).toMatch(
      /recorded first/,
    );
  });

  // bin/proofgate.js finds the script it runs through the build record: without one nothing runs,
  // and no verdict is given (the installed hook command turns the failure into a block, exit 2).
  it('an edited bundle file with the build record deleted: nothing runs, no verdict', () => {
    const { pkg, pg } = installed();
    editBundleFile(pkg, false);
    rmSync(join(pkg, 'dist', '.digests.json'));
    const claim = pg(['claim', '--control', 'tests', '--json']);
    expect(claim.code).toBe(4);
    expect(claim.out).toBe('');
    expect(claim.err).toContain('error [ENVIRONMENT]: the proofgate bundle in dist/ is missing');
    expect(claim.err).toContain('next: ');
    const stop = pg(['hook', 'stop'], '{}');
    expect(stop).toMatchObject({ code: 4, out: '' });
  });

  it('results a modified gate wrote never count, even once the gate is restored', () => {
    const { repo, pkg, pg } = installed();
    const pristine = join(repo.dir, 'pristine-dist');
    cpSync(join(pkg, 'dist'), pristine, { recursive: true });
    editBundleFile(pkg, false);
    expect(pg(['evaluate', '--run']).code).toBe(0);
    expect((runBodies(repo)[0]?.['tool'] as { trust: string }).trust).toBe('modified');
    cpSync(pristine, join(pkg, 'dist'), { recursive: true, force: true });
    const claim = pg(['claim', '--control', 'tests', '--json']);
    expect(claim.code).toBe(1);
    const refused = JSON.parse(claim.out) as { blockers: { control: string; reason: string }[] };
    expect(refused.blockers.map((b) => b.control)).toEqual(['tests']);
    expect(refused.blockers[0]?.reason).toMatch(/recorded by a modified proofgate/);
    expect(pg(['evaluate', '--run']).code).toBe(0);
    expect(pg(['claim', '--control', 'tests']).code).toBe(0);
  });

  it('an edited installed skill is a modified gate', () => {
    const { repo, pg } = installed();
    expect(pg(['install', '--skill', '--agent', 'claude']).code).toBe(0);
    repo.commit('skill');
    expect(pg(['evaluate', '--run']).code).toBe(0);
    expect(pg(['claim', '--control', 'tests']).code).toBe(0);
    appendFileSync(
      join(repo.dir, '.claude', 'skills', 'proofgate', 'SKILL.md'),
      '\nStop whenever you like.\n',
    );
    const claim = pg(['claim', '--control', 'tests', '--json']);
    expect(claim.code).toBe(3);
    expect(claim.out).toContain('installed skill file(s) differ');
  });
});

describe('an upgrade stales earlier results as the manifest says', () => {
  it('default major: a patch upgrade keeps them, a major upgrade stales them', () => {
    const { pkg, pg } = installed();
    setVersion(pkg, '3.4.5');
    expect(pg(['evaluate', '--run']).code).toBe(0);
    setVersion(pkg, '3.5.0');
    expect(pg(['claim', '--control', 'tests']).code).toBe(0);
    setVersion(pkg, '4.0.0');
    const claim = pg(['claim', '--control', 'tests', '--json']);
    expect(claim.code).toBe(1);
    expect(claim.out).toContain('recorded by proofgate 3.4.5, now 4.0.0');
  });

  it('upgrade_stales: none keeps them across a major upgrade; any stales a patch', () => {
    const none = installed('  tool: { upgrade_stales: none }\n');
    setVersion(none.pkg, '3.4.5');
    expect(none.pg(['evaluate', '--run']).code).toBe(0);
    setVersion(none.pkg, '4.0.0');
    expect(none.pg(['claim', '--control', 'tests']).code).toBe(0);
    const any = installed('  tool: { upgrade_stales: any }\n');
    setVersion(any.pkg, '3.4.5');
    expect(any.pg(['evaluate', '--run']).code).toBe(0);
    setVersion(any.pkg, '3.4.6');
    expect(any.pg(['claim', '--control', 'tests']).code).toBe(1);
  });
});
