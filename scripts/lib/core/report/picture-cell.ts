// One cell of the status-over-time picture: the results one control got on the code of one column,
// folded entry by entry in ledger order, then said as a status and a title. FLAKY: a PASS and a
// FAIL on the same tree; DISPUTED: a review disagreed with the result it reviewed; STALE: nothing
// on this code, the latest result is on older code; TODO: nothing yet. A bucket of older trees
// shows its worst result.
import type { StoredEntry } from '../ledger/types.ts';

export type PictureStatus = 'PASS' | 'FAIL' | 'FLAKY' | 'STALE' | 'TODO' | 'DISPUTED' | 'BLOCKED';

export interface PictureColumn {
  /** A tree id, `day:<first>..<last>` for a bucket, or `now`. */
  key: string;
  /** Short text under the column. */
  label: string;
  /** Full text for the column's title. */
  title: string;
  kind: 'tree' | 'bucket' | 'now';
}

export interface PictureCell {
  /** A PictureStatus, or on the `now` column any status `status` reports. */
  status: string;
  /** The cell's title: the deciding entry and what else was recorded there. */
  title: string;
  /** Hash of the deciding entry (the latest result in the column), when there is one (its first 12 digits are in the title). */
  entry?: string;
  /** Review stages recorded on this code, e.g. `cross`. */
  audits: string[];
}

export interface CellFacts {
  pass: number;
  fail: number;
  blocked: number;
  disputed: number;
  /** Trees of this column with a PASS (1) and/or a FAIL (2) result: both on one tree is flaky. */
  outcomes: Map<string, number>;
  /** The latest self result (run or attest), else the latest review. */
  latest?: { hash: string; status: string; said: string; isReview: boolean };
  /** Review stage → the latest agreement said, e.g. `cross agree by reviewer`. */
  audits: Map<string, string>;
}

export const emptyCell = (): CellFacts => ({
  pass: 0,
  fail: 0,
  blocked: 0,
  disputed: 0,
  outcomes: new Map(),
  audits: new Map(),
});

const str = (v: unknown): string => (typeof v === 'string' ? v : '?');

export function foldCell(facts: CellFacts, stored: StoredEntry, isBucket: boolean): void {
  const { kind, body, actor, time } = stored.entry;
  const status = str(body['status']);
  const who = `${actor.label} (${actor.authority}) at ${time}, entry ${stored.hash.slice(0, 12)}`;
  if (kind === 'audit') {
    const stage = str(body['stage']);
    const agreement = str(body['agreement']);
    if (agreement === 'disputed') facts.disputed += 1;
    facts.audits.set(stage, `${stage} ${agreement} by ${actor.label}`);
    if (facts.latest === undefined || facts.latest.isReview)
      facts.latest = {
        hash: stored.hash,
        status: agreement === 'disputed' ? 'DISPUTED' : status,
        said: `${stage} review ${agreement} (${status}) by ${who}`,
        isReview: true,
      };
    return;
  }
  if (kind !== 'run' && kind !== 'attest') return;
  const tree = isBucket ? str(stored.entry.subject.tree) : '';
  if (status === 'PASS') facts.pass += 1;
  if (status === 'FAIL') facts.fail += 1;
  if (status === 'BLOCKED') facts.blocked += 1;
  const bit = status === 'PASS' ? 1 : status === 'FAIL' ? 2 : 0;
  facts.outcomes.set(tree, (facts.outcomes.get(tree) ?? 0) | bit);
  facts.latest = {
    hash: stored.hash,
    status,
    said: `${kind} ${status} by ${who}`,
    isReview: false,
  };
}

function statusOf(facts: CellFacts, isBucket: boolean): PictureStatus {
  if (facts.disputed > 0) return 'DISPUTED';
  if ([...facts.outcomes.values()].some((bits) => bits === 3)) return 'FLAKY';
  if (isBucket || facts.latest?.isReview === true) {
    if (facts.fail > 0) return 'FAIL';
    if (facts.blocked > 0) return 'BLOCKED';
    return 'PASS';
  }
  const latest = facts.latest?.status;
  return latest === 'FAIL' || latest === 'BLOCKED' ? latest : 'PASS';
}

/** `before`: the latest result in an earlier column, said in words, when there is one. */
export function describeCell(
  facts: CellFacts,
  before: string | undefined,
  column: PictureColumn,
): PictureCell {
  const latest = facts.latest;
  if (latest === undefined) {
    return before === undefined
      ? { status: 'TODO', title: 'no result yet', audits: [] }
      : {
          status: 'STALE',
          title: `no result on this code; the latest is on older code: ${before}`,
          audits: [],
        };
  }
  const isBucket = column.kind === 'bucket';
  const status = statusOf(facts, isBucket);
  const results = facts.pass + facts.fail + facts.blocked;
  const tally = [
    facts.pass > 0 ? `${facts.pass} PASS` : '',
    facts.fail > 0 ? `${facts.fail} FAIL` : '',
    facts.blocked > 0 ? `${facts.blocked} BLOCKED` : '',
  ].filter(Boolean);
  const parts = [
    `${status}: ${results} result(s) on this code${tally.length > 0 ? ` (${tally.join(', ')})` : ''}`,
    `latest: ${latest.said}`,
    ...(facts.audits.size > 0 ? [`reviews: ${[...facts.audits.values()].join('; ')}`] : []),
  ];
  return {
    status,
    title: parts.join('; '),
    entry: latest.hash,
    audits: [...facts.audits.keys()],
  };
}
