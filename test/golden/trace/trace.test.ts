// Golden transcripts of `proofgate trace` (see ARCHITECTURE.md): command, stdout, stderr, exit code.
import { expect, test } from 'vitest';
import { dispatchCommand } from '../../../scripts/cli.ts';
import { createTestContext } from '../../helpers/context.ts';
import { REPO } from '../../helpers/trace.ts';

const cases: Record<string, string[]> = {
  'check-refund-bad': ['check', '--pack', 'controls/catalog/traces/refund.yaml', 'controls/catalog/traces/examples/refund/bad.events.jsonl'],
  'check-fs-safety-claude-code': ['check', '--pack', 'controls/catalog/traces/fs-safety.yaml', 'test/fixtures/traces/claude-code/session.jsonl'],
  'check-unknown-format': ['check', '--pack', 'controls/catalog/traces/refund.yaml', 'package.json'],
  'adapt-openai-chat': ['adapt', 'test/fixtures/traces/openai-chat/legacy-function-call.json'],
};

test.each(Object.keys(cases))('%s', async (name) => {
  const args = ['trace', ...cases[name]!];
  const ctx = createTestContext({ cwd: REPO });
  const code = await dispatchCommand(args, ctx);
  const transcript = `# proofgate ${args.join(' ')}\n\n## stdout\n\n\`\`\`\n${ctx.stdout()}\`\`\`\n\n## stderr\n\n\`\`\`\n${ctx.stderr()}\`\`\`\n\nExit code: ${code}\n`;
  await expect(transcript).toMatchFileSnapshot(`./${name}.md`);
});
