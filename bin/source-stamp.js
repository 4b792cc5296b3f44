// The newest modification time under scripts/: dist/ is used only while it is at least as new,
// so an edited checkout never runs stale bundled code.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function newestSourceMtime(root) {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts'))
        newest = Math.max(newest, Math.floor(statSync(path).mtimeMs));
    }
  };
  walk(join(root, 'scripts'));
  return newest;
}
