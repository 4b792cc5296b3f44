// Gives a test repository an upstream: a bare clone target as `origin`, the current branch pushed
// to origin/main and tracking it, as a developer's clone of the protected branch would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestRepo } from './git-repo.ts';

/** Pushes HEAD to a new bare `origin` as main and tracks it; returns the remote's cleanup. */
export function pushToOrigin(repo: TestRepo): () => void {
  const remote = mkdtempSync(join(tmpdir(), 'pg-origin-'));
  repo.git('init', '-q', '--bare', remote);
  repo.git('remote', 'add', 'origin', remote);
  repo.git('push', '-q', '-u', 'origin', 'HEAD:main');
  return () => rmSync(remote, { recursive: true, force: true });
}
