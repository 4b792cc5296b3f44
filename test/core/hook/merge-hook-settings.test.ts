import { describe, expect, test } from 'vitest';
import { hookCommand, relativeInside } from '../../../scripts/lib/core/hook/hook-command.ts';
import { mergeHookSettings } from '../../../scripts/lib/core/hook/merge-hook-settings.ts';

const CMD = 'node "$CLAUDE_PROJECT_DIR/bin/proofgate.js" hook stop --agent claude';
const other = { hooks: [{ type: 'command', command: 'lint-on-stop' }] };

describe('mergeHookSettings', () => {
  test('adds Stop and SubagentStop for Claude to empty settings', () => {
    const merged = mergeHookSettings({}, 'claude', CMD, '.claude/settings.json');
    expect(merged.changed).toEqual(['Stop', 'SubagentStop']);
    expect(merged.settings).toEqual({
      hooks: {
        Stop: [{ hooks: [{ type: 'command', command: CMD, timeout: 30 }] }],
        SubagentStop: [{ hooks: [{ type: 'command', command: CMD, timeout: 30 }] }],
      },
    });
  });

  test('Codex gets Stop only', () => {
    expect(mergeHookSettings({}, 'codex', CMD, 'f').changed).toEqual(['Stop']);
  });

  test('keeps other keys and other hooks, and is idempotent', () => {
    const existing = {
      permissions: { allow: ['Bash(ls)'] },
      hooks: { Stop: [other], PreToolUse: [other] },
    };
    const once = mergeHookSettings(existing, 'claude', CMD, 'f');
    expect(once.settings['permissions']).toEqual(existing.permissions);
    const hooks = once.settings['hooks'] as Record<string, unknown[]>;
    expect(hooks['Stop']).toHaveLength(2);
    expect(hooks['Stop']![0]).toEqual(other);
    expect(hooks['PreToolUse']).toEqual([other]);
    const twice = mergeHookSettings(once.settings, 'claude', CMD, 'f');
    expect(twice.changed).toEqual([]);
    expect(twice.settings).toEqual(once.settings);
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
    const merged = mergeHookSettings(old, 'codex', CMD, 'f');
    expect(merged.changed).toEqual(['Stop']);
    expect((merged.settings['hooks'] as Record<string, unknown>)['Stop']).toEqual([
      { hooks: [{ type: 'command', command: CMD, timeout: 9 }] },
    ]);
  });

  test.each([[[]], ['x'], [{ hooks: [] }], [{ hooks: { Stop: {} } }]])(
    'refuses a settings shape it does not understand: %j',
    (value) => {
      expect(() => mergeHookSettings(value, 'claude', CMD, 'f')).toThrow(/will not rewrite/);
    },
  );
});

describe('hookCommand', () => {
  test.each([
    ['claude', '/p', '/p', 'node "$CLAUDE_PROJECT_DIR/bin/proofgate.js" hook stop --agent claude'],
    [
      'claude',
      '/p',
      '/p/.claude/skills/proofgate',
      'node "$CLAUDE_PROJECT_DIR/.claude/skills/proofgate/bin/proofgate.js" hook stop --agent claude',
    ],
    [
      'codex',
      '/p',
      '/p/.agents/skills/proofgate',
      'node "$(git rev-parse --show-toplevel)/.agents/skills/proofgate/bin/proofgate.js" hook stop --agent codex',
    ],
    [
      'claude',
      '/p',
      '/home/u/.claude/skills/proofgate',
      'node /home/u/.claude/skills/proofgate/bin/proofgate.js hook stop --agent claude',
    ],
    [
      'codex',
      '/p',
      "/home/o'k/pg",
      `node '/home/o'\\''k/pg/bin/proofgate.js' hook stop --agent codex`,
    ],
  ] as const)('%s root %s package %s', (agent, root, packageDir, expected) => {
    expect(hookCommand({ agent, root, packageDir })).toBe(expected);
  });

  test('a sibling directory with the same prefix is outside', () => {
    expect(relativeInside('/p', '/p2/x')).toBeUndefined();
  });
});
