// The knowledge layer's only I/O: append-only canonical JSONL files under `<plane>/knowledge/`
// (outside every subject binding, so editing knowledge never stales control evidence), file
// digests for memory facts, and the ledger lookup that proves a cited entry exists.
import { expandHashPrefix } from '../../core/ledger/expand-prefix.ts';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, openSync, closeSync, fsyncSync, writeSync } from 'node:fs';
import { readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ConfigError, EnvironmentError, UsageError } from '../../core/errors.ts';
import { sha256Hex } from '../../core/hash.ts';
import { canonicalize } from '../../core/shared/canonical.ts';
import { FREE_TEXT_FIELDS, redactFreeText } from '../../core/ledger/redact-draft.ts';
import type { JsonObject } from '../../core/ledger/types.ts';
import { parseKnowledgeLine } from '../../core/knowledge/parse-record.ts';
import type { KnowledgeKind, KnowledgeRecord } from '../../core/knowledge/types.ts';
import type { KnowledgeIO, PathKind } from '../../core/ports.ts';
import { findGitRoot } from '../git.ts';
import { locatePlane } from './locate-plane.ts';
import { DEFAULT_PLANE_DIR } from '../../core/plane/plane.ts';
import { collectSecrets, declaredEnvNames } from '../../core/redact/secret-values.ts';
import { readYamlFile } from './plane.ts';
import type { KnowledgeIOOptions } from '../../core/world/knowledge-port.ts';

/** Fields people type into facts, decisions and hypotheses (cases merge by content: untouched). */
const KNOWLEDGE_TEXT_FIELDS: ReadonlySet<string> = new Set([
  ...FREE_TEXT_FIELDS,
  'statement',
  'conditions',
  'claim',
  'oracle',
  'provenance',
]);

// These files are committed like the ledger, so a token typed into a fact or a decision's reason
// must not reach them either, nor the value of a variable the plane declares.
function redactTypedText(record: KnowledgeRecord, secrets: readonly string[]): KnowledgeRecord {
  if (record.op === 'case' || record.op === 'observe') return record;
  return redactFreeText(
    record as unknown as JsonObject,
    KNOWLEDGE_TEXT_FIELDS,
    secrets,
  ) as unknown as KnowledgeRecord;
}

/**
 * The env names the plane declares, from its YAML as written: knowledge verbs work on planes that
 * do not validate (or have no registry yet), and their names still count.
 */
function readDeclaredEnv(planeDir: string): string[] {
  const read = (name: string): unknown => {
    const path = join(planeDir, 'controls', name);
    return existsSync(path) ? readYamlFile(path, `controls/${name}`) : undefined;
  };
  return declaredEnvNames(read('manifest.yaml'), read('registry.yaml'));
}

/** The git blob id, computed in process: equals `git hash-object --no-filters <path>`. */
export function blobId(bytes: Buffer): string {
  const header = Buffer.from(`blob ${bytes.length}\0`, 'utf8');
  return createHash('sha1').update(header).update(bytes).digest('hex');
}

/** sha256 of every line of every ledger segment, read once. */
async function readLedgerHashes(planeDir: string): Promise<Set<string>> {
  const ledgerDir = join(planeDir, 'evidence', 'ledger');
  const hashes = new Set<string>();
  if (!existsSync(ledgerDir)) return hashes;
  for (const name of (await readdir(ledgerDir)).sort()) {
    if (!name.endsWith('.jsonl')) continue;
    const bytes = await readFile(join(ledgerDir, name));
    let start = 0;
    while (start < bytes.length) {
      let end = bytes.indexOf(0x0a, start);
      if (end === -1) end = bytes.length;
      if (end > start) hashes.add(sha256Hex(bytes.subarray(start, end)));
      start = end + 1;
    }
  }
  return hashes;
}

/** Every ledger line keyed by its sha256, read once (for checking what an entry is about). */
async function readLedgerLines(planeDir: string): Promise<Map<string, string>> {
  const ledgerDir = join(planeDir, 'evidence', 'ledger');
  const byHash = new Map<string, string>();
  if (!existsSync(ledgerDir)) return byHash;
  for (const name of (await readdir(ledgerDir)).sort()) {
    if (!name.endsWith('.jsonl')) continue;
    for (const line of (await readFile(join(ledgerDir, name), 'utf8')).split('\n')) {
      if (line !== '') byHash.set(sha256Hex(line), line);
    }
  }
  return byHash;
}

export function createKnowledgeIO(options: KnowledgeIOOptions): KnowledgeIO {
  const { root } = options;
  const plane = locatePlane(root);
  if (plane === undefined) {
    throw new ConfigError('PLANE_MISSING', `no control plane found under ${root}`, {
      expected: `${DEFAULT_PLANE_DIR}/controls/manifest.yaml or controls/manifest.yaml`,
      next: 'run "proofgate init" first; knowledge lives in <plane>/knowledge/',
    });
  }
  const dir = join(plane.dir, 'knowledge');
  const planeRel = plane.rel;
  let ledger: Promise<Set<string>> | undefined;
  let lines: Promise<Map<string, string>> | undefined;
  const fileOf = (kind: KnowledgeKind): string => join(dir, `${kind}.jsonl`);
  const { env } = options;
  let secrets: readonly string[] | undefined;
  const secretsOf = (): readonly string[] =>
    (secrets ??= env === undefined ? [] : collectSecrets(env, readDeclaredEnv(plane.dir)));
  const shown = (kind: KnowledgeKind): string =>
    [planeRel, 'knowledge', `${kind}.jsonl`].filter((p) => p !== '').join('/');

  return {
    root,
    dir,
    planeRel,
    async read(kind) {
      const file = fileOf(kind);
      if (!existsSync(file)) return [];
      const text = await readFile(file, 'utf8');
      const lines = text.split('\n');
      if (lines.at(-1) === '') lines.pop();
      return lines.map((line, i) => parseKnowledgeLine(line, `${shown(kind)}:${i + 1}`));
    },
    append(kind, records) {
      if (records.length === 0) return Promise.resolve([]);
      const written = records.map((r) => redactTypedText(r, secretsOf()));
      const text = written.map((r) => `${canonicalize(r)}\n`).join('');
      try {
        mkdirSync(dir, { recursive: true });
        const fd = openSync(fileOf(kind), 'a');
        try {
          writeSync(fd, text);
          fsyncSync(fd);
        } finally {
          closeSync(fd);
        }
      } catch (error) {
        throw new EnvironmentError('IO_FAILED', `cannot append to ${shown(kind)}`, {
          where: shown(kind),
          next: 'check that the plane directory is writable and the disk is not full',
          cause: error,
        });
      }
      return Promise.resolve(written);
    },
    async entryExists(hash) {
      if (options.entryExists) return options.entryExists(hash);
      ledger ??= readLedgerHashes(plane.dir);
      return (await ledger).has(hash);
    },
    async expandEntry(value, where) {
      if (options.entryExists) return value;
      ledger ??= readLedgerHashes(plane.dir);
      return expandHashPrefix(await ledger, value, {
        what: 'ledger entry',
        where,
        list: 'proofgate query head, or proofgate query control <id> for the entries of a control',
      });
    },
    async entry(hash) {
      lines ??= readLedgerLines(plane.dir);
      const line = (await lines).get(hash);
      if (line === undefined) return undefined;
      try {
        return JSON.parse(line) as unknown;
      } catch {
        return undefined;
      }
    },
    async fileDigest(path) {
      const full = join(root, path);
      if ((await kindOf(full)) !== 'file') return undefined;
      return blobId(await readFile(full));
    },
    pathKind: (path) => kindOf(join(root, path)),
  };
}

async function kindOf(full: string): Promise<PathKind> {
  try {
    const info = await stat(full);
    if (info.isFile()) return 'file';
    return info.isDirectory() ? 'directory' : undefined;
  } catch {
    return undefined;
  }
}

/** Opens the knowledge store of `--root` (default: the git top level of the cwd). */
export async function openKnowledge(
  root: string | undefined,
  cwd: string,
  env?: Readonly<Record<string, string | undefined>>,
): Promise<KnowledgeIO> {
  return createKnowledgeIO({ root: root ?? (await findGitRoot(cwd)), ...(env ? { env } : {}) });
}

/** Parses a JSON file named on the command line; exit 2 when it is missing or not JSON. */
export async function readJsonFile(path: string, shownAs: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new UsageError('BAD_VALUE', `cannot read ${shownAs}`, {
      where: shownAs,
      next: 'name an existing file',
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UsageError('BAD_INPUT', `${shownAs} is not JSON`, { where: shownAs });
  }
}

/** Writes a whole file through a temporary name, so readers never see half of it. */
export async function writeFileWhole(path: string, text: string): Promise<void> {
  const temp = `${path}.tmp-${process.pid}`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    await writeFile(temp, text);
    await rename(temp, path);
  } catch (error) {
    throw new EnvironmentError('IO_FAILED', `cannot write ${path}`, {
      where: path,
      next: 'check that the directory is writable',
      cause: error,
    });
  }
}
