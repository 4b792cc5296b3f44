import { describe, expect, it } from 'vitest';
import {
  boundOwnContent,
  type OwnContentRules,
} from '../../../scripts/lib/core/binding/own-content.ts';

const OURS = 'cd "${CLAUDE_PROJECT_DIR:-.}" && command proofgate hook stop --agent claude';
const rules: OwnContentRules = {
  dirs: ['.proofgate', '.claude/skills/proofgate'],
  plane: '.proofgate',
  hookCommands: [OURS],
};
const handler = { type: 'command', command: OURS, timeout: 30 };
const json = (v: unknown): string => `${JSON.stringify(v, null, 2)}\n`;

describe('ignore files: proofgate lines are not bound', () => {
  it('the lines install wrote are taken out; a file of nothing else is left out', () => {
    const mine = '# proofgate: its own files\n.proofgate/\n.claude/skills/proofgate/\n';
    expect(boundOwnContent('.npmignore', `node_modules/\n${mine}`, rules)).toBe('node_modules/\n');
    expect(boundOwnContent('.npmignore', mine, rules)).toBeNull();
    expect(
      boundOwnContent('.prettierignore', '.proofgate/INDEX.md\n.proofgate/docs/\n', rules),
    ).toBeNull();
    expect(boundOwnContent('MANIFEST.in', 'include x\nprune .proofgate\n', rules)).toBe(
      'include x\n',
    );
    expect(boundOwnContent('.npmignore', 'node_modules/\n', rules)).toBeUndefined();
  });

  it('any other line stays bound, also one dressed like ours', () => {
    for (const line of ['src/', '.proofgate/x/', '.claude/skills/', '.proofgate', '!.proofgate/']) {
      const text = `# proofgate: its own files\n${line}\n`;
      expect(boundOwnContent('.npmignore', text, rules)).toBe(`${line}\n`);
    }
    // only the files proofgate writes into
    expect(boundOwnContent('.gitignore', '.proofgate/\n', rules)).toBeUndefined();
    expect(boundOwnContent('src/.npmignore', '.proofgate/\n', rules)).toBeUndefined();
  });
});

describe('agent settings: proofgate hook handlers are not bound', () => {
  it('a file holding our hook alone is left out; other keys and hooks stay, as install writes them', () => {
    const ours = { hooks: { Stop: [{ hooks: [handler] }] } };
    expect(boundOwnContent('.claude/settings.json', json(ours), rules)).toBeNull();
    const before = { permissions: { allow: ['Bash(ls)'] } };
    const after = { ...before, hooks: { Stop: [{ hooks: [handler] }] } };
    expect(boundOwnContent('.claude/settings.json', json(after), rules)).toBe(json(before));
    const theirs = { type: 'command', command: 'echo hi' };
    const mixed = { hooks: { Stop: [{ hooks: [theirs] }, { hooks: [handler] }] } };
    expect(boundOwnContent('.claude/settings.json', json(mixed), rules)).toBe(
      json({ hooks: { Stop: [{ hooks: [theirs] }] } }),
    );
  });

  it('an edited handler (command, timeout, an extra key) stays bound; so does a file without ours', () => {
    const edits = [
      { ...handler, command: `${OURS}; true` },
      { ...handler, command: 'true # proofgate hook stop' },
      { ...handler, timeout: 1 },
      { ...handler, async: true },
    ];
    for (const h of edits)
      expect(
        boundOwnContent(
          '.claude/settings.json',
          json({ hooks: { Stop: [{ hooks: [h] }] } }),
          rules,
        ),
      ).toBeUndefined();
    expect(boundOwnContent('.claude/settings.json', json({ a: 1 }), rules)).toBeUndefined();
    // the project's keys are bound by value, as install lays the file out
    expect(boundOwnContent('.claude/settings.json', '{"a": [1]}', rules)).toBe(json({ a: [1] }));
    expect(boundOwnContent('.claude/settings.json', 'not json', rules)).toBeUndefined();
  });
});
