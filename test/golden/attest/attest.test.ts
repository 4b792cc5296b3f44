// Golden transcripts of `proofgate attest`: a human's PASS of a manual control, a FAIL with an
// evidence file and an expiry (JSON), and the refusals of a virtual authority and of a control
// whose result comes from running it (exit 2).
import { afterEach, expect, test } from 'vitest';
import { nodeArgv } from '../../helpers/gate-repo.ts';
import { makeGoldenRepo, type GoldenRepo } from '../../helpers/golden.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

function repo(): GoldenRepo {
  const r = makeGoldenRepo(
    [
      { id: 'privacy', execution: '{ type: manual }' },
      { id: 'tests', execution: `{ type: command, argv: ${nodeArgv('0')} }` },
    ],
    {
      authorities: [{ id: 'human:alice', kind: 'human', stages: ['self'] }],
      files: { 'docs/dpa.txt': 'data processing agreement, signed 2025-12-01\n' },
    },
  );
  cleanups.push(() => r.remove());
  return r;
}

const ALICE = ['--authority-id', 'human:alice', '--execution-context', 'desk:alice'];

test('a PASS, then a FAIL with evidence and an expiry', async () => {
  const r = repo();
  const pass = ['attest', '--control', 'privacy', '--status', 'PASS', '--note', 'read the DPA'];
  await expect(r.transcript([...pass, ...ALICE])).toMatchFileSnapshot('./pass.md');
  const fail = [
    ...['attest', '--control', 'privacy', '--status', 'FAIL', '--note', 'the DPA lacks a sub-processor list'],
    ...['--evidence', 'docs/dpa.txt', '--expires', '2026-06-30', '--json'],
  ];
  await expect(r.transcript([...fail, ...ALICE])).toMatchFileSnapshot('./fail-evidence-json.md');
});

test('a virtual authority, and a command control', async () => {
  const r = repo();
  const virtual = ['attest', '--control', 'privacy', '--status', 'PASS', '--note', 'ok'];
  await expect(
    r.transcript([...virtual, '--authority-id', 'virtual:developer']),
  ).toMatchFileSnapshot('./refused-virtual.md');
  const command = ['attest', '--control', 'tests', '--status', 'PASS', '--note', 'ran them'];
  await expect(r.transcript([...command, ...ALICE])).toMatchFileSnapshot('./refused-command.md');
});
