// What users run: `npm pack` → install the tarball into a fresh consumer repository → drive every
// flow through node_modules/.bin/proofgate. Nothing here imports the sources: a module that finds
// its assets the wrong way, or a verb that only works under tsx, fails here.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTempDir, openRepo } from '../helpers/git-repo.ts';
import type { TestRepo } from '../helpers/git-repo.ts';
import { printedNextLines, runInShell } from '../helpers/journey.ts';
import { externalSpecifiers, installPackedPackage, STACK_TRACE } from '../helpers/packed.ts';
import type { InstalledPackage } from '../helpers/packed.ts';
import { hotFilesIn } from '../helpers/hot-files.ts';
import { pushToOrigin } from '../helpers/upstream-repo.ts';

const PROFILE = [
  ...['--development-mode', 'human_greenfield', '--target-maturity', 'engineering_ready'],
  ...['--product-type', 'library', '--distribution-model', 'open_source', '--criticality', 'low'],
  ...['--data-sensitivity', 'public', '--no-ai-system', '--scope-mode', 'full_repo'],
];
const CROSS = ['--authority-id', 'virtual:quality', '--execution-context', 'ci:installed-test'];
const NOW = '2026-06-01T00:00:00.000Z';

let pkg: InstalledPackage;
let repo: TestRepo;
let removeOrigin: () => void = () => undefined;
const outputs: string[] = [];

/** Runs the installed command; every output is kept and checked for stack traces at the end. */
function pg(args: string[], input?: string): { code: number; stdout: string; stderr: string } {
  const run = spawnSync(pkg.bin, args, {
    cwd: repo.dir,
    encoding: 'utf8',
    input: input ?? '',
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: pkg.home,
      NO_COLOR: '1',
      TZ: 'UTC',
      PROOFGATE_NOW: NOW,
    },
  });
  const result = { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
  outputs.push(`$ proofgate ${args.join(' ')}\n${result.stdout}${result.stderr}`);
  return result;
}

function expectCode(args: string[], code: number, input?: string): string {
  const run = pg(args, input);
  expect(run.code, `proofgate ${args.join(' ')}\n${run.stdout}${run.stderr}`).toBe(code);
  return run.stdout;
}

beforeAll(() => {
  repo = openRepo(makeTempDir('pg-consumer-'));
  repo.git('init', '-q', '-b', 'main');
  repo.write(
    'package.json',
    `${JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, scripts: { test: 'node test.js', build: 'node -e 0' } }, null, 2)}\n`,
  );
  // node's own test runner prints the summary the gate counts (references/inventory.md).
  repo.write('test.js', "require('node:test')('passes', () => {});\n");
  repo.write('LICENSE', 'MIT\n');
  repo.write('.gitignore', 'node_modules/\n');
  repo.commit('consumer');
  pkg = installPackedPackage(repo.dir);
}, 240_000);

afterAll(() => {
  const traced = outputs.filter((o) => STACK_TRACE.test(o));
  expect(traced, 'no output anywhere contains a stack trace').toEqual([]);
  repo.remove();
  removeOrigin();
  rmSync(pkg.home, { recursive: true, force: true });
});

describe('the installed package', () => {
  test('ships the bundle, the assets and the docs, and no tests or sources', () => {
    const files = pkg.files;
    for (const needed of [
      'bin/proofgate.js',
      'bin/hot.js',
      'dist/.digests.json',
      'controls/catalog/engineering.yaml',
      'controls/catalog/traces/refund.yaml',
      'controls/schema/manifest.schema.json',
      'controls/sigstore/public-good-trusted-root.json',
      'references/claim.md',
      'SKILL.md',
      'INDEX.md',
      'README.md',
    ])
      expect(files, needed).toContain(needed);
    expect(files.filter((f) => f.startsWith('test/') || f.startsWith('scripts/'))).toEqual([]);
    expect(files).not.toContain('controls/manifest.yaml');
    expect(files.filter((f) => f.startsWith('evidence/'))).toEqual([]);
  });

  test('installs nothing beside itself: every library is in the bundle', () => {
    const modules = join(repo.dir, 'node_modules');
    const installed = readdirSync(modules).filter((name) => !name.startsWith('.'));
    expect(installed).toEqual(['proofgate']);
    expect(readdirSync(join(modules, '.bin'))).toEqual(['proofgate']);
    const manifest = JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8')) as object;
    for (const field of ['dependencies', 'optionalDependencies', 'peerDependencies'])
      expect(manifest, field).not.toHaveProperty(field);
    // no script of the bundle loads a package at run time: every require/import names node's own
    // modules
    const external = externalSpecifiers(join(pkg.dir, 'dist'));
    expect(external).toEqual([]);
  });

  test("never turns on Node's compile cache (entries there are not the hashed bundle)", () => {
    const shipped = pkg.files.filter((file) => /\.(m?js|cjs)$/.test(file));
    expect(shipped).toContain('bin/proofgate.js');
    for (const file of shipped) {
      const text = readFileSync(join(pkg.dir, file), 'utf8');
      expect(text, file).not.toMatch(/enableCompileCache|NODE_COMPILE_CACHE/);
    }
  });

  // bin/hot.js: every command runs from dist/hot-<hash>.js with its V8 code cache; a cache V8
  // rejects would cost nothing but the speed, so only a test sees it.
  test('every command runs from the hot script, with a code cache this Node accepts', () => {
    const hot = hotFilesIn(join(pkg.dir, 'dist'));
    // the build record names the hot script, its cache and the prefetch script, and nothing else
    const record = JSON.parse(
      readFileSync(join(pkg.dir, 'dist', '.digests.json'), 'utf8'),
    ) as object;
    expect(Object.keys(record).sort()).toEqual([hot.cache, hot.script, hot.prefetch].sort());
    expect(pkg.files).toEqual(
      expect.arrayContaining(['bin/hot.js', ...Object.keys(record).map((n) => `dist/${n}`)]),
    );
    const script = join(pkg.dir, 'dist', hot.script);
    const watch = join(pkg.home, 'watch-vm.cjs');
    writeFileSync(
      watch,
      [
        "const vm = require('node:vm');",
        'const Script = vm.Script;',
        'vm.Script = function (source, options) {',
        '  const script = new Script(source, options);',
        `  if (options?.filename === ${JSON.stringify(script)})`,
        "    process.stderr.write('hot script cache ' + (options.cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'rejected' : 'accepted') + '\\n');",
        '  return script;',
        '};',
      ].join('\n'),
    );
    const run = (verb: string) =>
      spawnSync(process.execPath, ['-r', watch, join(pkg.dir, 'bin', 'proofgate.js'), verb], {
        cwd: repo.dir,
        encoding: 'utf8',
        input: '{}',
        env: { PATH: process.env['PATH'] ?? '', HOME: pkg.home, NO_COLOR: '1' },
      });
    for (const verb of ['hook', 'claim', 'status', 'scan', '--version'])
      expect(run(verb).stderr, verb).toContain('hot script cache accepted');
  });

  test('builds a control plane: scan, init, adopt', () => {
    expect(expectCode(['scan'], 0)).toMatch(/npm:test/);
    expect(expectCode(['scan', '--json'], 0)).toMatch(/^\{/);
    expectCode(['init', ...PROFILE], 0);
    expect(existsSync(join(repo.dir, '.proofgate/controls/registry.yaml'))).toBe(true);
    expectCode(['adopt', 'npm:test', '--fills', 'ENG.TESTS'], 0);
    expectCode(['adopt', 'npm:build', '--fills', 'ENG.BUILD'], 0);
    // the person who attests is registered by a verb, never by editing the manifest
    expectCode(['authority', 'add', 'human:owner'], 0);
    expectCode(['init', '--render'], 0);
    repo.commit('plane');
    // The reviewed plane is on the protected branch: local verdicts take their rules and the
    // task's base from it.
    removeOrigin = pushToOrigin(repo);
  });

  test('runs, audits, attests and claims', () => {
    const tests = ['--control', 'ENG.TESTS'];
    expectCode(['claim', ...tests], 1);
    // At engineering_ready a cross audit counts only when signed by the auditor's registered key.
    expectCode(['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'], 0);
    // A key counts once its registration is reviewed and merged (the upstream's rules decide).
    repo.commit('register the auditor key');
    repo.git('push', '-q', 'origin', 'HEAD:main');
    // slots and an unattested manual control remain TODO: evaluate agrees with status (not OK)
    const evaluated = expectCode(['evaluate', '--run', '--execution-context', 'local:dev'], 1);
    expect(evaluated.split('\n')[0]).toMatch(/^INCOMPLETE /);
    // The auditor audits from a clone of its own: a key-signed audit written from the clone of
    // the run it reviews does not count at engineering_ready.
    repo.commit('self runs');
    const developer = repo;
    const auditor = openRepo(join(makeTempDir('pg-auditor-'), 'c'));
    developer.git('clone', '-q', developer.dir, auditor.dir);
    repo = auditor;
    const audited = expectCode(
      ['audit', '--audit-stage', 'cross', '--review-run', 'latest', ...tests, ...CROSS],
      0,
    );
    expect(audited).not.toContain('written from the same clone');
    auditor.commit('cross audit');
    repo = developer;
    repo.git('pull', '-q', '--no-rebase', auditor.dir, 'main');
    rmSync(join(auditor.dir, '..'), { recursive: true, force: true });
    expectCode(
      [
        ...['attest', '--control', 'PRD.ACCEPTANCE', '--status', 'PASS'],
        ...['--note', 'acceptance walked through', '--authority-id', 'human:owner'],
      ],
      0,
    );
    expect(expectCode(['claim', ...tests], 0)).toMatch(/^COMPLETED|GRANTED|granted/i);
    const project = pg(['claim', '--scope', 'project', '--no-record']);
    expect(project.code).toBe(1);
    expect(project.stdout.split('\n')[0]).toMatch(/REFUSED/);
    expectCode(['status'], 1);
    expect(JSON.parse(expectCode(['status', '--json'], 1))).toBeTypeOf('object');
    expectCode(['query', 'control', 'ENG.TESTS'], 0);
    expectCode(['query', 'run', 'latest'], 0);
    expectCode(['status', '--blockers'], 0);
    expectCode(['query', 'nothing-like-this'], 2);
  });

  test('verifies the ledger in full and against a base, and catches tampering', () => {
    expectCode(['verify', '--full'], 0);
    repo.git('add', '-A');
    repo.git('commit', '-q', '-m', 'evidence');
    expectCode(['evaluate', '--run', '--control', 'ENG.TESTS'], 0);
    expectCode(['verify', '--base', 'HEAD'], 0);
    const ledger = join(repo.dir, '.proofgate/evidence/ledger');
    const segment = join(
      ledger,
      readdirSync(ledger).find(
        (f) =>
          f.endsWith('.jsonl') &&
          f !== 'root.jsonl' &&
          readFileSync(join(ledger, f), 'utf8').includes('"kind":"run"'),
      ) ?? '',
    );
    const original = readFileSync(segment, 'utf8');
    writeFileSync(segment, original.replace('"kind":"run"', '"kind":"RUN"'));
    expectCode(['verify', '--full'], 3);
    writeFileSync(segment, original);
    expectCode(['verify', '--full'], 0);
  });

  test('checks traces with every shipped pack and its examples', () => {
    const traces = join(pkg.dir, 'controls/catalog/traces');
    const packs = readdirSync(traces).filter((f) => f.endsWith('.yaml'));
    expect(packs.length).toBeGreaterThanOrEqual(3);
    for (const pack of packs) {
      const name = pack.replace(/\.yaml$/, '');
      const examples = join(traces, 'examples', name);
      for (const example of readdirSync(examples)) {
        const expected = example.startsWith('good') ? 0 : 1;
        expectCode(['trace', 'check', '--pack', name, join(examples, example)], expected);
      }
    }
    const good = join(traces, 'examples/refund/good.events.jsonl');
    expectCode(['trace', 'adapt', good], 0);
    expectCode(['trace', 'check', '--pack', 'no-such-pack', good], 2);
  });

  test('writes the report, answers the Stop hook and runs the knowledge verbs', () => {
    expectCode(['report', '--html', 'audit.html'], 0);
    expect(readFileSync(join(repo.dir, 'audit.html'), 'utf8')).toMatch(/<html/);
    rmSync(join(repo.dir, 'audit.html'));
    const hook = pg(['hook', 'stop'], JSON.stringify({ session_id: 's', stop_hook_active: false }));
    expect([0, 2]).toContain(hook.code);
    const evidence = pg(['query', 'run', 'latest', '--json']);
    const hash = /"hash":\s*"([0-9a-f]{64})"/.exec(evidence.stdout)?.[1] ?? '';
    expect(hash).not.toBe('');
    expectCode(
      [
        ...['knowledge', 'memory', 'add', 'tests print a summary', '--path', 'test.js'],
        ...['--evidence', hash, '--maturity', 'repeated'],
      ],
      0,
    );
    expectCode(['knowledge', 'memory', 'list'], 0);
    expectCode(
      [
        'knowledge',
        'decision',
        'add',
        'no retries',
        '--reason',
        'double charges',
        '--condition',
        'provider not idempotent',
        '--path',
        'test.js',
      ],
      0,
    );
    expectCode(['knowledge', 'decision', 'list'], 0);
    expectCode(
      [
        ...['knowledge', 'hypothesis', 'add', 'empty input crashes', '--attr', 'functional'],
        ...['--risk', '0.7', '--info-gain', '0.9', '--cost', '1', '--oracle', 'exit 0'],
        ...['--provenance', 'recon'],
      ],
      0,
    );
    expectCode(['knowledge', 'hypothesis', 'list'], 0);
    expectCode(['knowledge', 'casebase', 'retrieve', '--kind', 'library'], 0);
    expectCode(['knowledge', 'sync', '--dry-run'], 1);
    expectCode(['status', '--next'], 0);
    expect([0, 1]).toContain(pg(['status', '--readiness']).code);
  });

  test('assets resolve the same when the bundle directory is moved', () => {
    const moved = join(pkg.dir, 'elsewhere', 'deeper', 'bundle');
    cpSync(join(pkg.dir, 'dist'), moved, { recursive: true });
    const example = join(pkg.dir, 'controls/catalog/traces/examples/refund/bad.events.jsonl');
    const hot = join(pkg.dir, 'bin', 'hot.js');
    const script = `void require(${JSON.stringify(hot)}).loadHot(${JSON.stringify(moved)}).main(process.argv.slice(1));`;
    const run = spawnSync(
      process.execPath,
      ['-e', script, 'trace', 'check', '--pack', 'refund', example],
      { cwd: repo.dir, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', HOME: pkg.home } },
    );
    outputs.push(run.stdout + run.stderr);
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/IDENTITY|identity/);
    rmSync(join(pkg.dir, 'elsewhere'), { recursive: true, force: true });
  });

  test('every verb answers --help', () => {
    const help = expectCode(['--help'], 0);
    // --help describes the command the user types, `proofgate <verb>`, not how this shell reaches
    // this copy (scripts/lib/cli/invocation-context.ts): no `npx`, no path to the bundle
    const verbs = [...help.matchAll(/^ {2}proofgate ([a-z-]+)/gm)].map((m) => m[1] ?? '');
    expect(verbs.length, help).toBeGreaterThan(15);
    expect(help).not.toMatch(/npx proofgate|node_modules|\.m?js\b/);
    for (const verb of verbs) expectCode([verb, '--help'], 0);
  });
});

test('the installed bundle and the sources print byte-identical --json on the same repository', () => {
  const checkout = join(import.meta.dirname, '../..');
  const sources = join(checkout, 'scripts/cli.ts');
  const tsx = pathToFileURL(join(checkout, 'node_modules/tsx/dist/loader.mjs')).href;
  // from the consumer's directory, as the installed bin runs: both print `npx proofgate` there
  const viaSources = (args: string[]): string =>
    spawnSync(process.execPath, ['--import', tsx, sources, ...args, '--root', repo.dir], {
      cwd: repo.dir,
      encoding: 'utf8',
      env: { PATH: process.env['PATH'] ?? '', HOME: pkg.home, TZ: 'UTC', PROOFGATE_NOW: NOW },
    }).stdout;
  for (const args of [
    ['scan', '--json'],
    ['verify', '--full', '--json'],
    ['query', 'control', 'ENG.TESTS', '--json'],
    ['claim', '--control', 'ENG.TESTS', '--no-record', '--json'],
    ['status', '--next', '--json'],
  ]) {
    const installed = pg(args).stdout;
    expect(installed.length, args.join(' ')).toBeGreaterThan(2);
    const fromSources = viaSources(args);
    // The gate's own identity is the one field that must differ: the installed bundle is bound
    // (trust clean), the sources are not (trust unknown). Everything else is byte-identical.
    expect(toolTrust(installed), args.join(' ')).not.toContain('unknown');
    expect(withoutTool(fromSources), args.join(' ')).toBe(withoutTool(installed));
  }
});

/** The trust states of every gate identity (`tool: {trust, ...}`) in a JSON document. */
function toolTrust(json: string): string[] {
  const found: string[] = [];
  JSON.parse(json, (key, value: unknown) => {
    if (key === 'tool' && typeof value === 'object' && value !== null && 'trust' in value)
      found.push(String(value.trust));
    return value;
  });
  return found;
}

/** The JSON document re-serialised without the gate identities, whose bundle digests differ. */
function withoutTool(json: string): string {
  return JSON.stringify(
    JSON.parse(json, (key, value: unknown) =>
      key === 'tool' && typeof value === 'object' && value !== null && 'trust' in value
        ? undefined
        : value,
    ),
  );
}

test('every printed next: line runs as printed from a shell with no proofgate on PATH', () => {
  const lines = [...new Set(outputs.flatMap((o) => printedNextLines(o)))];
  expect(lines.length).toBeGreaterThan(3);
  // in an npm project with proofgate installed, every command starts as npx runs it
  expect(lines.filter((line) => !line.startsWith('npx proofgate '))).toEqual([]);
  const failed: string[] = [];
  for (const line of lines) {
    // the user's shell: npm and node, but no directory that holds a proofgate command
    const run = runInShell(line, repo.dir, { HOME: pkg.home, TZ: 'UTC', PROOFGATE_NOW: NOW });
    outputs.push(`$ ${line}\n${run.stdout}${run.stderr}`);
    if (run.status === 127 || /command not found|: not found/.test(run.stderr))
      failed.push(`${line}  → exit ${run.status}\n${run.stderr}`);
  }
  expect(failed).toEqual([]);
});
