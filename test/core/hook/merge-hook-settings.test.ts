import { describe, expect, test } from 'vitest';
import {
  HOOK_UNAVAILABLE_MESSAGE,
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

describe('hookCommand', () => {
  const FALLBACK = ` || { echo '${HOOK_UNAVAILABLE_MESSAGE}' >&2; exit 2; }`;
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

  test('the fallback message has no single quote (it sits inside one)', () => {
    expect(HOOK_UNAVAILABLE_MESSAGE).not.toContain("'");
  });
});
