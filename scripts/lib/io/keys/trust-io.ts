// Trust files on disk: read one the auditor names, write an export create-only, read the segment
// prefixes its pinned heads cover, and the ledger's current heads for an export.
import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { ConfigError, IntegrityError, UsageError } from '../../core/errors.ts';
import { sha256Hex } from '../../core/hash.ts';
import { MAX_LINE_BYTES, decodeLine } from '../../core/ledger/parse-ledger.ts';
import type { PlaneLocation } from '../../core/plane/plane.ts';
import {
  checkPinnedHeads,
  compareAuthorities,
  type SegmentPrefix,
} from '../../core/trust/compare-trust.ts';
import type { LedgerFinding } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import {
  parseTrustFile,
  type LoadedTrust,
  type PinnedHead,
  type TrustFile,
} from '../../core/trust/trust-file.ts';
import { ledgerDir } from '../ledger/ledger-store.ts';
import { ledgerRel } from '../../core/plane/plane.ts';
import { writeNewFile } from '../ledger/objects.ts';
import { readSegmentTails } from '../ledger/ledger-tails.ts';

/** Reads and parses the trust file `name` (relative to `cwd`); exit 2 when missing or malformed. */
export function readTrustFile(cwd: string, name: string): LoadedTrust {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, name), 'utf8');
  } catch {
    throw new UsageError('BAD_VALUE', `--trust ${name}: cannot read the file`, {
      where: name,
      expected: 'a trust file written by "proofgate export --trust-root"',
      next: 'pass the trust file the auditor exported and kept outside the repository',
    });
  }
  return { name, trust: parseTrustFile(text, name) };
}

function readRange(path: string, from: number, to: number): Buffer {
  const bytes = to - from;
  const buffer = Buffer.alloc(bytes);
  const fd = openSync(path, 'r');
  try {
    let done = 0;
    while (done < bytes) {
      const n = readSync(fd, buffer, done, bytes - done, from + done);
      if (n === 0) break;
      done += n;
    }
    return buffer.subarray(0, done);
  } finally {
    closeSync(fd);
  }
}

/** Per pinned segment, the bytes ending at its pinned head's end: one line cap and a newline. */
export function readPinnedPrefixes(plane: PlaneLocation, trust: TrustFile): SegmentPrefix[] {
  const dir = ledgerDir(plane);
  const rel = ledgerRel(plane);
  return Object.entries(trust.heads).map(([name, head]) => {
    const path = join(dir, `${name}.jsonl`);
    const file = `${rel}/${name}.jsonl`;
    if (!existsSync(path) || !statSync(path).isFile())
      return { name, file, prefix: undefined, from: 0, size: 0 };
    const size = statSync(path).size;
    const end = Math.min(size, head.bytes);
    const from = Math.max(0, end - MAX_LINE_BYTES - 1);
    return { name, file, prefix: readRange(path, from, end), from, size };
  });
}

/** Every segment's last complete line: its seq, hash and end offset. */
export function readCurrentHeads(plane: PlaneLocation): Record<string, PinnedHead> {
  const heads: Record<string, PinnedHead> = {};
  for (const tail of readSegmentTails(ledgerDir(plane))) {
    if (tail.lastLine === undefined) continue;
    const { entry } = decodeLine(tail.lastLine);
    if (entry === undefined || tail.tornBytes !== 0) {
      throw new IntegrityError('CHAIN_BROKEN', `segment ${tail.name} does not end in an entry`, {
        where: tail.path,
        next: 'run "proofgate verify --full" and export the trust root from an intact ledger',
      });
    }
    heads[tail.name] = {
      seq: entry.seq,
      sha256: sha256Hex(tail.lastLine),
      bytes: tail.size,
    };
  }
  return heads;
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realOrSelf(parent), basename(path));
  }
}

/**
 * Writes `text` create-only to `out` (relative to `cwd`). A path inside the repository is refused
 * unless `force`: a trust root the agent can rewrite guards nothing. Returns the absolute path.
 */
export function writeTrustFile(
  cwd: string,
  root: string,
  out: string,
  text: string,
  force: boolean,
): string {
  const path = resolve(cwd, out);
  const real = realOrSelf(path);
  const realRoot = realOrSelf(root);
  if (!force && (real === realRoot || real.startsWith(`${realRoot}${sep}`))) {
    throw new ConfigError('TRUST_INVALID', `${out} is inside the repository ${root}`, {
      where: out,
      expected: 'a path outside the repository: a trust root the agent can rewrite guards nothing',
      next: 'write it elsewhere (e.g. --out ~/audits/<project>.trust.json); --force writes it anyway',
    });
  }
  return writeExportFile(cwd, out, text);
}

/** Writes `text` create-only to `out` (relative to `cwd`); returns the absolute path. */
export function writeExportFile(cwd: string, out: string, text: string): string {
  const path = resolve(cwd, out);
  try {
    writeNewFile(path, text, 0o644);
  } catch (error) {
    const exists = (error as NodeJS.ErrnoException).code === 'EEXIST';
    throw new UsageError(
      'BAD_VALUE',
      `cannot write ${out}: ${exists ? 'it exists' : String(error)}`,
      {
        where: out,
        next: exists
          ? 'choose a new file name; an export never overwrites'
          : 'choose a writable path',
      },
    );
  }
  return path;
}

/** A JSON file the user names (an envelope to check); exit 2 when unreadable or not JSON. */
export function readJsonFile(cwd: string, name: string): unknown {
  try {
    return JSON.parse(readFileSync(resolve(cwd, name), 'utf8')) as unknown;
  } catch {
    throw new UsageError('BAD_VALUE', `${name}: cannot read it as JSON`, {
      where: name,
      expected: 'a DSSE envelope written by "proofgate export --claim"',
    });
  }
}

/** The `--trust` file of a verb, read and parsed, or undefined without the flag. */
export function readTrustOption(cwd: string, name: string | undefined): LoadedTrust | undefined {
  return name === undefined ? undefined : readTrustFile(cwd, name);
}

/**
 * Every difference between the repository and the trust file (empty when they agree): the
 * manifest's authorities and keys must be the file's, and every head it pins must still be in the
 * ledger. The one trust check every verdict and `verify` make when given `--trust FILE`.
 */
export function checkTrust(plane: Plane, loaded: LoadedTrust): LedgerFinding[] {
  const manifestFile = plane.manifestPath.slice(plane.root.length + 1);
  return [
    ...compareAuthorities(loaded.trust, plane.manifest, { trustFile: loaded.name, manifestFile }),
    ...checkPinnedHeads(loaded.trust, readPinnedPrefixes(plane, loaded.trust), loaded.name),
  ];
}
