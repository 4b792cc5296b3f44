// What a verdict does with a `--trust FILE` (references/trust.md): the plane it judges with takes
// its authorities and keys from the file, never from the repository; a difference (io/keys/trust-io.ts
// checkTrust) refuses the verdict with exit 3, the file's findings first.
import { IntegrityError } from '../errors.ts';
import type { LedgerFinding, StoredEntry } from '../ledger/types.ts';
import type { Plane } from '../plane/plane.ts';
import { trustedManifest } from './compare-trust.ts';
import type { LoadedTrust } from './trust-file.ts';
import { compareRules, judgeRuleChanges, type RuleChange } from './pinned-rules.ts';

/** `plane` with the trust file's authorities and keys in place of the manifest's. */
export function applyTrust(plane: Plane, loaded: LoadedTrust): Plane {
  return { ...plane, manifest: trustedManifest(plane.manifest, loaded.trust) };
}

/** Where a verdict's keys came from: the trust file's name, and the sentence saying so. */
export interface TrustSource {
  file?: string;
  text: string;
  /** What is known about each key behind a signed result (pinned, or who registered it where). */
  keys?: { authority: string; keyid: string; text: string }[];
}

/** What a trust file pins: its name, how many keys and how many segment heads. */
export interface TrustCounts {
  name: string;
  keys: number;
  heads: number;
}

export function countTrust(loaded: LoadedTrust): TrustCounts {
  return {
    name: loaded.name,
    keys: loaded.trust.authorities.reduce((n, a) => n + a.keys.length, 0),
    heads: Object.keys(loaded.trust.heads).length,
  };
}

export function describeTrust(loaded: LoadedTrust | undefined): TrustSource {
  if (loaded === undefined)
    return { text: "keys from this repository's own manifest (no --trust file)" };
  const { keys, heads } = countTrust(loaded);
  const rules = loaded.trust.rules;
  const pinned =
    rules === undefined
      ? 'no rules pinned: exported before rules were, export it again to pin them'
      : `rules pinned: policies and ${Object.keys(rules.controls).length} control definitions`;
  return {
    file: loaded.name,
    text: `keys and authorities from trust file ${loaded.name} (${keys} key${keys === 1 ? '' : 's'}; ${heads} pinned segment head${heads === 1 ? '' : 's'} contained in the ledger; ${pinned})`,
  };
}

/** The IntegrityError (exit 3) for findings led by the trust file's (the ledger's own after them). */
export function trustFailure(
  findings: readonly LedgerFinding[],
  loaded: LoadedTrust,
  count = findings.length,
): IntegrityError {
  const first = findings[0]!;
  const counted = `${count} finding${count === 1 ? '' : 's'}`;
  return new IntegrityError(
    'NOT_TRUSTED',
    `the repository does not match trust file ${loaded.name} (${counted}; first ${first.code} ${first.message}); no verdict is computed`,
    {
      where: `${first.file}:${first.line}`,
      problems: findings.map((f) => `${f.file}:${f.line} ${f.code}: ${f.message}`),
      next: `run "proofgate verify --full --trust ${loaded.name}"; restore the manifest and ledger from a copy the trust file was exported from`,
      findingCount: count,
    },
  );
}

/**
 * The rules of `plane` (a plane under the trust file: its authorities are the file's) judged
 * against the rules the file pins: each difference no pinned release authority approved in
 * `entries` is a finding; the approved ones are authorized changes. A file exported before rules
 * were pinned checks none.
 */
export function judgeRules(
  plane: Plane,
  loaded: LoadedTrust,
  entries: readonly StoredEntry[],
): { findings: LedgerFinding[]; authorized: RuleChange[] } {
  const pinned = loaded.trust.rules;
  if (pinned === undefined) return { findings: [], authorized: [] };
  const changes = compareRules(pinned, plane.manifest, plane.registry.controls);
  return judgeRuleChanges(changes, entries, plane.manifest, {
    trustFile: loaded.name,
    manifestFile: plane.manifestPath.slice(plane.root.length + 1),
  });
}
