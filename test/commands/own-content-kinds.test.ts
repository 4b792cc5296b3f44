// The Stop hook command install writes is worded for the project's kind (its failure message says
// how to install proofgate there); every kind's exact form is proofgate's own, so installing the
// hook in a Python or Rust project stales no result either.
import { describe, expect, it } from 'vitest';
import { hookCommand } from '../../scripts/lib/core/hook/hook-command.ts';
import { PROJECT_KINDS } from '../../scripts/lib/core/scan/project-kind.ts';
import { packageRoot } from '../../scripts/lib/io/host/package-root.ts';
import { ownContentRules } from '../../scripts/lib/io/subject/own-content.ts';

describe('own content: the hook commands of every project kind', () => {
  it('lists the exact command for each agent, placement and kind', () => {
    const rules = ownContentRules('.proofgate');
    for (const kind of PROJECT_KINDS) {
      const shared = hookCommand({
        agent: 'claude',
        placement: 'shared',
        packageDir: packageRoot(),
        kind,
      });
      expect(rules.hookCommands).toContain(shared);
    }
    // A command edited by a character is not ours.
    expect(rules.hookCommands).not.toContain(`${rules.hookCommands[0]} `);
  });
});
