// What the running proofgate is: its package version, the digest of the bundle it runs from
// (dist/, re-hashed against the build record `dist/.digests.json`) and of the proofgate skill
// installed in the repository (compared with the package's own skill text). Reads only; the
// judgement is core/gate/tool-trust.ts. Computed once per process.
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { digestJson, sha256Hex } from '../core/hash.ts';
import type { ToolIdentity } from '../core/gate/claim/tool-trust.ts';
import { SKILL_AGENTS, SKILL_DIRS } from '../core/skill/plan-skill-install.ts';
import { packagePath, packageRoot, runningModulePath } from './package-root.ts';
import { readPackageVersion } from './package-version.ts';
import { readInstalled, readPackageSkillFiles } from './skill-files.ts';

let bundleCache: Pick<ToolIdentity, 'bundle' | 'bundleEdits' | 'buildRecord'> | undefined;
const skillCache = new Map<string, Pick<ToolIdentity, 'skill' | 'skillEdits'>>();

/** The running gate as found now, with the skill installed under `root`. */
export function readToolIdentity(root: string): ToolIdentity {
  bundleCache ??= readBundle();
  const installed = packageRoot().split(sep).includes('node_modules');
  let skill = skillCache.get(root);
  if (skill === undefined) skillCache.set(root, (skill = readSkill(root)));
  return { version: readPackageVersion(), installed, ...bundleCache, ...skill };
}

function readBundle(): Pick<ToolIdentity, 'bundle' | 'bundleEdits' | 'buildRecord'> {
  const dist = packagePath('dist');
  const here = runningModulePath();
  // Under tsx the sources run: no bundle is bound (trust unknown).
  if (!here.startsWith(`${dist}${sep}`)) return { bundleEdits: [], buildRecord: false };
  const record = readRecord(join(dist, '.digests.json'));
  if (record === undefined) {
    // Without a record, bind what a build lists, so the digest still says which bundle ran.
    return { bundle: sha256Hex(readFileSync(here)), bundleEdits: [], buildRecord: false };
  }
  const actual: Record<string, string> = {};
  const bundleEdits: string[] = [];
  for (const [name, digest] of Object.entries(record)) {
    const path = join(dist, name);
    const found = digestOrMissing(path);
    actual[name] = found;
    if (found !== digest) bundleEdits.push(name);
  }
  return { bundle: digestJson(actual), bundleEdits, buildRecord: true };
}

// One read per file, no existence check first (a stat per file is a measurable share of a
// verdict's start): a file that is not there is `missing`; any other read error still throws.
function digestOrMissing(path: string): string {
  try {
    return sha256Hex(readFileSync(path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    throw error;
  }
}

function readRecord(path: string): Record<string, string> | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (e): e is [string, string] => typeof e[1] === 'string' && !e[0].includes('/'),
      ),
    );
  } catch {
    // An unreadable record is a record nothing matches: every file counts as edited.
    return { '.digests.json': 'unreadable' };
  }
}

function readSkill(root: string): Pick<ToolIdentity, 'skill' | 'skillEdits'> {
  const own = readPackageSkillFiles();
  const rels = own.map((f) => f.rel);
  const texts = new Map(own.map((f) => [f.rel, f.text]));
  const found: Record<string, string> = {};
  const skillEdits: string[] = [];
  for (const agent of SKILL_AGENTS) {
    const dir = join(root, SKILL_DIRS[agent]);
    if (!existsSync(join(dir, 'SKILL.md'))) continue;
    for (const [rel, text] of readInstalled(dir, rels)) {
      const at = `${SKILL_DIRS[agent]}/${rel}`;
      found[at] = text === undefined ? 'missing' : sha256Hex(text);
      if (text !== texts.get(rel)) skillEdits.push(at);
    }
  }
  if (Object.keys(found).length === 0) return { skillEdits };
  return { skill: digestJson(found), skillEdits };
}
