// A throwaway repository with a plane and a two-line ledger, for the knowledge verb tests.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '../../scripts/lib/core/hash.ts';
import { verbs } from '../../scripts/cli.ts';
import { dispatch } from '../../scripts/lib/dispatch.ts';
import { createTestContext } from './context.ts';

export interface KnowledgePlane {
  root: string;
  /** sha256 of each ledger line, in order. */
  hashes: string[];
  run(args: string[], now?: string): Promise<{ code: number; out: string; err: string }>;
  write(path: string, text: string): void;
}

export function makeKnowledgePlane(): KnowledgePlane {
  const root = mkdtempSync(join(tmpdir(), 'pg-knowledge-'));
  const lines = ['{"kind":"run","seq":0}', '{"kind":"run","seq":1}'];
  const write = (path: string, text: string): void => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('.proofgate/controls/manifest.yaml', 'version: 1\n');
  write('.proofgate/evidence/ledger/main.jsonl', `${lines.join('\n')}\n`);
  write('src/orders.ts', 'export const limit = 100;\n');
  return {
    root,
    hashes: lines.map((l) => sha256Hex(l)),
    write,
    async run(args, now = '2026-01-01T00:00:00.000Z') {
      const ctx = createTestContext({ cwd: root, now });
      const code = await dispatch(verbs, [...args, '--root', root], ctx);
      return { code, out: ctx.stdout(), err: ctx.stderr() };
    },
  };
}
