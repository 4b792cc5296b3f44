// SARIF that GitHub code scanning keeps, through the CLI on a real git repository: the same
// finding has the same repository-relative, percent-encoded URI and the same fingerprint
// whatever directory `trace check` ran from and however the path was typed, and across a pack
// version bump; a trace outside the repository is a file:// URI; every rule has a helpUri;
// a Claude Code tool call split over a message's two lines points at its own line.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { spawnCli } from '../helpers/cli.ts';
import { openRepo, tempDirsPerTest } from '../helpers/git-repo.ts';
import { hasSarifSchema, validateSarif } from '../helpers/sarif-schema.ts';
import { PACKS } from '../helpers/trace.ts';

const newDir = tempDirsPerTest();

interface Result {
  ruleId: string;
  locations: {
    physicalLocation: {
      artifactLocation: { uri: string; uriBaseId?: string };
      region: { startLine: number };
    };
  }[];
  partialFingerprints: Record<string, string>;
}
interface Run {
  automationDetails: { id: string };
  originalUriBaseIds?: Record<string, { uri: string }>;
  tool: { driver: { informationUri?: string; rules: { id: string; helpUri?: string }[] } };
  results: Result[];
}

const BAD = join(PACKS, 'examples', 'refund', 'bad.events.jsonl');
const NAME = 'ünï #1.events.jsonl';

function repoWithTrace() {
  const repo = openRepo(newDir('pg-sarif-'));
  repo.git('init', '-q', '-b', 'main');
  mkdirSync(join(repo.dir, 'traces', 'a b'), { recursive: true });
  mkdirSync(join(repo.dir, 'sub', 'deeper'), { recursive: true });
  copyFileSync(BAD, join(repo.dir, 'traces', 'a b', NAME));
  return repo;
}

/** `trace check --sarif` in `cwd`; the parsed, schema-valid run. */
function sarifRun(cwd: string, trace: string, pack = 'refund'): Run {
  const out = join(newDir('pg-sarif-out-'), 'out.sarif');
  const run = spawnCli(['trace', 'check', '--pack', pack, '--sarif', out, trace], cwd, {
    HOME: cwd,
  });
  expect(run.code, run.stderr).toBe(1);
  const sarif = JSON.parse(readFileSync(out, 'utf8')) as { runs: Run[] };
  expect(validateSarif(sarif), JSON.stringify(validateSarif.errors?.slice(0, 3))).toBe(true);
  return sarif.runs[0]!;
}

const places = (run: Run) =>
  run.results.map((r) => ({
    artifact: r.locations[0]!.physicalLocation.artifactLocation,
    line: r.locations[0]!.physicalLocation.region.startLine,
    print: r.partialFingerprints['proofgateTrace/v2'],
  }));

describe.runIf(hasSarifSchema)('trace check --sarif places findings for code scanning', () => {
  test('one URI and one fingerprint per finding, from any directory and any spelling', () => {
    const repo = repoWithTrace();
    const spellings: [string, string][] = [
      [repo.dir, `traces/a b/${NAME}`],
      [repo.dir, `./traces//a b/../a b/${NAME}`],
      [join(repo.dir, 'traces', 'a b'), NAME],
      [join(repo.dir, 'sub', 'deeper'), `../../traces/a b/${NAME}`],
      [join(repo.dir, 'sub'), join(repo.dir, 'traces', 'a b', NAME)],
    ];
    const seen = spellings.map(([cwd, trace]) => sarifRun(cwd, trace));
    const first = places(seen[0]!);
    expect(first.length).toBeGreaterThan(0);
    expect(first[0]!.artifact).toEqual({
      uri: 'traces/a%20b/%C3%BCn%C3%AF%20%231.events.jsonl',
      uriBaseId: '%SRCROOT%',
    });
    expect(new Set(first.map((p) => p.print)).size).toBe(first.length);
    for (const run of seen) {
      expect(places(run)).toEqual(first);
      expect(run.originalUriBaseIds?.['%SRCROOT%']?.uri).toMatch(/^file:\/\/\/.*\/$/);
    }
  });

  test('a pack version bump that keeps the rules keeps fingerprints and automation id', () => {
    const repo = repoWithTrace();
    const bumped = readFileSync(join(PACKS, 'refund.yaml'), 'utf8').replace(
      /^pack: refund@1$/m,
      'pack: refund@2',
    );
    expect(bumped).toMatch(/pack: refund@2/);
    writeFileSync(join(repo.dir, 'refund-v2.yaml'), bumped);
    const v1 = sarifRun(repo.dir, `traces/a b/${NAME}`);
    const v2 = sarifRun(repo.dir, `traces/a b/${NAME}`, 'refund-v2.yaml');
    expect(v2.automationDetails.id).toBe('proofgate-trace/refund/');
    expect(v1.automationDetails.id).toBe(v2.automationDetails.id);
    expect(places(v2)).toEqual(places(v1));
  });

  test('a trace outside the repository is a file:// URI; rules carry helpUri', () => {
    const repo = repoWithTrace();
    const outside = join(newDir('pg-outside-'), 'x #2.jsonl');
    copyFileSync(BAD, outside);
    const run = sarifRun(repo.dir, outside);
    const artifact = places(run)[0]!.artifact;
    expect(artifact.uriBaseId).toBeUndefined();
    expect(artifact.uri).toMatch(/^file:\/\/\/.*\/x%20%232\.jsonl$/);
    expect(run.tool.driver.informationUri).toMatch(
      /^https:\/\/.*references\/trajectory-rules\.md$/,
    );
    for (const rule of run.tool.driver.rules) expect(rule.helpUri, rule.id).toMatch(/^https:\/\//);
  });

  test('a Claude Code tool call on the second line of a message points at that line', () => {
    const repo = repoWithTrace();
    const base = { sessionId: 's', version: '2.0.14' };
    const lines = [
      { ...base, type: 'user', message: { role: 'user', content: 'tidy up' } },
      {
        ...base,
        type: 'assistant',
        message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: 'On it.' }] },
      },
      {
        ...base,
        type: 'assistant',
        message: {
          id: 'm1',
          role: 'assistant',
          content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'rm -rf /' } }],
        },
      },
      {
        ...base,
        type: 'user',
        message: {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 't1', content: '' }],
        },
      },
    ];
    repo.write('s.jsonl', `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    const run = sarifRun(repo.dir, 's.jsonl', 'fs-safety');
    const root = run.results.find((r) => r.ruleId === 'NO_ROOT_OR_HOME_RM')!;
    expect(root.locations[0]!.physicalLocation.region.startLine).toBe(3);
  });
});
