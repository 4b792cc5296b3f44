import { describe, expect, test } from 'vitest';
import { projectKindOf, type ProjectKind } from '../../../scripts/lib/core/scan/project-kind.ts';
import {
  hookUnavailableMessage,
  hookCommand,
} from '../../../scripts/lib/core/hook/hook-command.ts';
import {
  hookEvents,
  mergeHookSettings,
} from '../../../scripts/lib/core/hook/merge-hook-settings.ts';

const CMD = 'proofgate hook stop --agent claude';
const other = { hooks: [{ type: 'command', command: 'lint-on-stop' }] };
const handler = (command: string) => ({ hooks: [{ type: 'command', command, timeout: 30 }] });

describe('mergeHookSettings', () => {
  test('adds Stop only by default; SubagentStop only when asked', () => {
    const merged = mergeHookSettings({}, hookEvents(false), CMD, '.claude/settings.json');
    expect(merged.changed).toEqual(['Stop']);
    expect(merged.settings).toEqual({ hooks: { Stop: [handler(CMD)] } });
    const both = mergeHookSettings({}, hookEvents(true), CMD, '.claude/settings.json');
    expect(both.changed).toEqual(['Stop', 'SubagentStop']);
    expect(both.settings).toEqual({
      hooks: { Stop: [handler(CMD)], SubagentStop: [handler(CMD)] },
    });
  });

  test('keeps other keys and other hooks, and is idempotent', () => {
    const existing = {
      permissions: { allow: ['Bash(ls)'] },
      hooks: { Stop: [other], PreToolUse: [other], SubagentStop: [other] },
    };
    const once = mergeHookSettings(existing, hookEvents(false), CMD, 'f');
    expect(once.settings['permissions']).toEqual(existing.permissions);
    const hooks = once.settings['hooks'] as Record<string, unknown[]>;
    expect(hooks['Stop']).toHaveLength(2);
    expect(hooks['Stop']![0]).toEqual(other);
    expect(hooks['PreToolUse']).toEqual([other]);
    expect(hooks['SubagentStop']).toEqual([other]);
    const twice = mergeHookSettings(once.settings, hookEvents(false), CMD, 'f');
    expect(twice).toMatchObject({ changed: [], removed: [] });
    expect(twice.settings).toEqual(once.settings);
  });

  test('an older install that gated SubagentStop loses only its own handler there', () => {
    const old = 'node /home/u/pg/bin/proofgate.js hook stop --agent claude';
    const mixed = {
      hooks: [
        { type: 'command', command: old },
        { type: 'command', command: 'notify' },
      ],
    };
    const existing = { hooks: { Stop: [handler(old)], SubagentStop: [handler(old), mixed] } };
    const merged = mergeHookSettings(existing, hookEvents(false), CMD, 'f');
    expect(merged.changed).toEqual(['Stop']);
    expect(merged.removed).toEqual(['SubagentStop']);
    const hooks = merged.settings['hooks'] as Record<string, unknown>;
    expect(hooks['Stop']).toEqual([handler(CMD)]);
    expect(hooks['SubagentStop']).toEqual([{ hooks: [{ type: 'command', command: 'notify' }] }]);
    const alone = mergeHookSettings(
      { hooks: { SubagentStop: [handler(old)] } },
      ['Stop'],
      CMD,
      'f',
    );
    expect(Object.keys(alone.settings['hooks'] as object)).toEqual(['Stop']);
  });

  test('updates an older proofgate hook command in place instead of adding a second one', () => {
    const old = {
      hooks: {
        Stop: [
          {
            hooks: [
              {
                type: 'command',
                command: 'node /old/proofgate/bin/proofgate.js hook stop',
                timeout: 9,
              },
            ],
          },
        ],
      },
    };
    const merged = mergeHookSettings(old, ['Stop'], CMD, 'f');
    expect(merged.changed).toEqual(['Stop']);
    expect((merged.settings['hooks'] as Record<string, unknown>)['Stop']).toEqual([
      { hooks: [{ type: 'command', command: CMD, timeout: 9 }] },
    ]);
  });

  test.each([
    [[]],
    ['x'],
    [{ hooks: [] }],
    [{ hooks: { Stop: {} } }],
    [{ hooks: { SubagentStop: 'x' } }],
  ])('refuses a settings shape it does not understand: %j', (value) => {
    expect(() => mergeHookSettings(value, ['Stop'], CMD, 'f')).toThrow(/will not rewrite/);
  });
});

const KINDS: ProjectKind[] = ['npm', 'python', 'rust', 'go', 'other'];

describe('hookCommand', () => {
  const FALLBACK = ` || { echo '${hookUnavailableMessage('other')}' >&2; exit 2; }`;
  const CLAUDE = 'cd "${CLAUDE_PROJECT_DIR:-.}" && ';
  test.each([
    [
      'claude',
      'shared',
      '/home/u/pg',
      `${CLAUDE}command proofgate hook stop --agent claude --root . --require-plane${FALLBACK}`,
    ],
    [
      'codex',
      'shared',
      '/home/u/pg',
      `command proofgate hook stop --agent codex --root . --require-plane${FALLBACK}`,
    ],
    [
      'claude',
      'local',
      '/home/u/.claude/skills/proofgate',
      `${CLAUDE}node /home/u/.claude/skills/proofgate/bin/proofgate.js hook stop --agent claude --root . --require-plane${FALLBACK}`,
    ],
    [
      'claude',
      'local',
      "/home/o'k/pg",
      `${CLAUDE}node '/home/o'\\''k/pg/bin/proofgate.js' hook stop --agent claude --root . --require-plane${FALLBACK}`,
    ],
  ] as const)('%s %s package %s', (agent, placement, packageDir, expected) => {
    expect(hookCommand({ agent, placement, packageDir })).toBe(expected);
  });

  test('the shared command never names the package directory', () => {
    const command = hookCommand({ agent: 'claude', placement: 'shared', packageDir: '/x/pg' });
    expect(command).not.toContain('/x/pg');
  });

  test.each(KINDS)(
    'the %s fallback says how to install for that project, with no single quote (it sits inside one)',
    (kind) => {
      const message = hookUnavailableMessage(kind);
      expect(message).not.toContain("'");
      expect(message).toContain('npm install --global <path>/proofgate-<version>.tgz');
      // the name proofgate is not on the npm registry: nothing installs it by name
      expect(message).not.toMatch(/npm (install|i)( --global| -g)? proofgate\b/);
      expect(message).not.toMatch(/\bnpx\b/);
      expect(
        hookCommand({ agent: 'claude', placement: 'shared', packageDir: '/x', kind }),
      ).toContain(message);
    },
  );

  test.each([
    ['python', 'nothing in pyproject.toml'],
    ['rust', 'nothing in Cargo.toml'],
    ['go', 'nothing in go.mod'],
    ['npm', 'a devDependency of the project is not what the hook runs'],
  ] as const)('a %s project is told its own files stay as they are', (kind, says) => {
    expect(hookUnavailableMessage(kind)).toContain(says);
  });
});

describe('projectKindOf', () => {
  test.each([
    [['Cargo.toml', 'Cargo.lock', 'README.md'], 'rust'],
    [['go.mod', 'go.sum'], 'go'],
    [['pyproject.toml'], 'python'],
    [['setup.py'], 'python'],
    [['requirements-dev.txt'], 'python'],
    [['package.json', 'package-lock.json'], 'npm'],
    // an npm install run in a Python project by mistake leaves a package.json: still Python
    [['pyproject.toml', 'package.json', 'package-lock.json'], 'python'],
    [['Cargo.toml', 'package.json'], 'rust'],
    [['README.md', 'Makefile'], 'other'],
    [[], 'other'],
  ] as const)('%j is %s', (names, kind) => {
    expect(projectKindOf(names)).toBe(kind);
  });
});
