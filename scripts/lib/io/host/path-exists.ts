// Whether anything exists at an absolute path (a flow's "is it already there?" question).
import { existsSync } from 'node:fs';

export function pathExists(path: string): boolean {
  return existsSync(path);
}
