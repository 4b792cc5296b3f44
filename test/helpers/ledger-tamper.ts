// What the broken-ledger tests do to a ledger and what they compare afterwards: a committed PASS
// flipped to FAIL in place (same length, so later offsets do not move), and every file under the
// plane, by path, which a refused writer must leave byte for byte as it was.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { GateRepo } from './gate-repo.ts';

/** Flips the first PASS in `file` to FAIL in place (same length). */
export function flipFirstPass(file: string): void {
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf('"status":"PASS"');
  expect(at).toBeGreaterThan(-1);
  writeFileSync(file, `${text.slice(0, at)}"status":"FAIL"${text.slice(at + 15)}`);
}

/** Every file under `.proofgate/`, by path relative to it, with its text. */
export function planeFiles(r: GateRepo): Record<string, string> {
  const root = join(r.dir, '.proofgate');
  const files: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[path.slice(root.length)] = readFileSync(path, 'utf8');
  }
  return files;
}
