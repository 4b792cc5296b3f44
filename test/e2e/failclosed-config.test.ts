// Fail closed on configuration: what proofgate cannot honour is exit 2 with the reason, never a
// crash (exit 4 with a stack) and never a silently accepted contradiction.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { BIN } from '../helpers/cli.ts';
import { makeGateRepo, nodeArgv } from '../helpers/gate-repo.ts';
import { VALID_PROFILE, listTree, makeRepo, runVerb } from '../helpers/plane-cli.ts';

describe('init refuses what it cannot honour', () => {
  test('a file named .proofgate: exit 2 naming it, nothing written', async () => {
    const dir = makeRepo({ 'profile.yaml': VALID_PROFILE, '.proofgate': 'not a directory\n' });
    const before = listTree(dir);
    const run = await runVerb(['init', '--profile', 'profile.yaml'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('.proofgate exists and is not a directory');
    expect(run.stderr).not.toMatch(/ENOTDIR|INTERNAL/);
    expect(listTree(dir)).toEqual(before);
  });

  test('recorded public_contract: [none, service_api] is exit 2; [none] and [service_api] are fine', async () => {
    const both = makeRepo({
      'profile.yaml': `${VALID_PROFILE}recorded:\n  public_contract: [none, service_api]\n`,
    });
    const run = await runVerb(['init', '--profile', 'profile.yaml'], both);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('public_contract: "none" cannot be combined with other values');
    for (const value of ['[none]', '[service_api]']) {
      const dir = makeRepo({
        'profile.yaml': `${VALID_PROFILE}recorded:\n  public_contract: ${value}\n`,
      });
      expect((await runVerb(['init', '--profile', 'profile.yaml'], dir)).code).toBe(0);
    }
  });
});

describe('evidence is readable by every account whatever the umask', () => {
  test('under umask 077: objects 0444, ledger segments 0644, evidence directories 0755', () => {
    const r = makeGateRepo([
      { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('0')} }` },
    ]);
    try {
      const run = spawnSync(
        'sh',
        [
          '-c',
          `umask 077 && exec "$0" "$@"`,
          process.execPath,
          BIN,
          'evaluate',
          '--run',
          '--root',
          r.dir,
        ],
        {
          encoding: 'utf8',
          env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' },
        },
      );
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const evidence = join(r.dir, '.proofgate', 'evidence');
      const modes = readdirSync(evidence, { recursive: true, withFileTypes: true }).map((d) => {
        const path = join(d.parentPath, d.name);
        return [path.slice(evidence.length + 1), statSync(path).mode & 0o777] as const;
      });
      expect(modes.length).toBeGreaterThan(4);
      for (const [path, mode] of modes) {
        const expected =
          path.includes('objects/sha256/') &&
          !path.endsWith('sha256') &&
          path.split('/').length === 4
            ? 0o444
            : path.endsWith('.jsonl')
              ? 0o644
              : path.endsWith('.lock')
                ? mode
                : 0o755;
        expect([path, mode.toString(8)]).toEqual([path, expected.toString(8)]);
      }
    } finally {
      r.remove();
    }
  });
});
