// Golden transcripts of the spellings issue 31 introduced (see ARCHITECTURE.md): `install`,
// `authority` with its `keys` and `approve` sub-actions, `knowledge` with its sub-actions, and the
// views of `status` (--readiness, --blockers, --next, --base <ref>), plus one old spelling each,
// refused (exit 2) with the current one. Each file is test/golden/<verb>/<case>.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../../helpers/gate-repo.ts';
import { GOLDEN_NOW, inProcessTranscript } from '../../helpers/golden.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

function setup(exit: number): { repo: GateRepo; keys: string } {
  const repo = makeGateRepo([
    { id: 'tests', execution: `{ type: command, argv: ${nodeArgv(`process.exit(${exit})`)} }` },
  ]);
  const keys = mkdtempSync(join(tmpdir(), 'pg-keys-'));
  cleanups.push(() => {
    repo.remove();
    rmSync(keys, { recursive: true, force: true });
  });
  return { repo, keys };
}

async function transcript(
  { repo, keys }: { repo: GateRepo; keys: string },
  args: string[],
  file: string,
): Promise<number> {
  const { text, code } = await inProcessTranscript(repo, args, {
    paths: [[keys, '<keys>']],
    env: { PROOFGATE_KEY_DIR: keys },
  });
  await expect(text).toMatchFileSnapshot(`../${file}.md`);
  return code;
}

test('install: the hook for each agent, the skill, and the old spelling refused', async () => {
  const r = setup(0);
  expect(await transcript(r, ['install', '--hook', 'claude'], 'install/hook-claude')).toBe(0);
  await transcript(r, ['install', '--hook', 'codex', '--subagent'], 'install/hook-codex');
  expect(await transcript(r, ['install', '--skill'], 'install/skill')).toBe(0);
  expect(await transcript(r, ['install'], 'install/no-sub-action')).toBe(2);
  const old = ['hook', 'install', '--agent', 'claude'];
  expect(await transcript(r, old, 'install/old-hook-install')).toBe(2);
});

test('authority, its keys and approve, and the old spelling refused', async () => {
  const r = setup(0);
  await transcript(r, ['authority', 'list'], 'authority/list');
  await transcript(
    r,
    ['authority', 'keys', 'generate', '--authority-id', 'virtual:quality'],
    'authority/keys-generate',
  );
  await transcript(r, ['authority', 'keys', 'list'], 'authority/keys-list');
  await transcript(r, ['authority', 'approve', '--control', 'tests'], 'authority/approve');
  expect(await transcript(r, ['keys', 'list'], 'authority/old-keys-list')).toBe(2);
});

test('knowledge: each record-keeping sub-action, and the old spelling refused', async () => {
  const r = setup(0);
  expect(await transcript(r, ['knowledge'], 'knowledge/no-sub-action')).toBe(2);
  await transcript(r, ['knowledge', 'memory', 'list'], 'knowledge/memory-list');
  await transcript(r, ['knowledge', 'decision', 'list'], 'knowledge/decision-list');
  await transcript(r, ['knowledge', 'hypothesis', 'list'], 'knowledge/hypothesis-list');
  await transcript(r, ['knowledge', 'casebase', 'retrieve'], 'knowledge/casebase-retrieve');
  await transcript(r, ['knowledge', 'sync', '--dry-run'], 'knowledge/sync');
  expect(await transcript(r, ['memory', 'list'], 'knowledge/old-memory-list')).toBe(2);
});

test('the views of status after a FAIL, --base <ref>, and the old spellings refused', async () => {
  const r = setup(1);
  expect((await r.repo.run(['evaluate', '--run'], {}, GOLDEN_NOW)).code).toBe(1);
  await transcript(r, ['status', '--readiness'], 'status/readiness');
  await transcript(r, ['status', '--blockers'], 'status/blockers');
  await transcript(r, ['status', '--next'], 'status/next');
  const task = ['--task', 'T-1', '--control', 'tests'];
  await transcript(r, ['status', '--handoff', '--write', ...task], 'status/handoff-write');
  await transcript(r, ['status', '--handoff', '--show', 'blockers'], 'status/handoff-show');
  await transcript(r, ['query', 'handoff', 'readiness'], 'query/handoff-readiness');
  await transcript(r, ['status', '--base', 'no-such-ref'], 'status/base-unknown-ref');
  r.repo.commit('evidence');
  await transcript(r, ['status', '--base', 'HEAD'], 'status/base-ref');
  expect(await transcript(r, ['readiness'], 'status/old-readiness')).toBe(2);
  expect(await transcript(r, ['status', '--base'], 'status/old-bare-base')).toBe(2);
  r.repo.write('src/app.js', 'export const x = 2;\n');
  expect(await transcript(r, ['status', '--handoff', '--check'], 'status/handoff-stale')).toBe(1);
});
