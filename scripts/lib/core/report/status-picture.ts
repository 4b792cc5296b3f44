// The data of the report's status-over-time picture: controls as rows, the code each entry judged
// (its subject tree) as columns in ledger order, each cell the control's results on that code.
// Bounded whatever the ledger's size: the latest MAX_TREES trees are columns of their own, older
// trees are bucketed by day into at most MAX_BUCKETS columns, and at most MAX_ROWS controls are
// drawn. The last column is "now": the status `status` reports (computeStatuses), never a
// verdict of its own. Pure: every field of an entry is attacker-controlled and read as a string.
import { inLedgerOrder } from '../gate/claim/superseded-claims.ts';
import type { LedgerOrder } from '../ledger/ledger-order.ts';
import type { StoredEntry } from '../ledger/types.ts';
import {
  describeCell,
  emptyCell,
  foldCell,
  type CellFacts,
  type PictureCell,
  type PictureColumn,
} from './picture-cell.ts';

export const MAX_TREES = 30;
export const MAX_BUCKETS = 10;
export const MAX_ROWS = 60;

export type { PictureCell, PictureColumn } from './picture-cell.ts';

export interface PictureClaim {
  column: number;
  hash: string;
  scope: string;
  outcome: string;
  title: string;
}

export interface StatusPicture {
  controls: string[];
  columns: PictureColumn[];
  /** cells[row][column]. */
  cells: PictureCell[][];
  claims: PictureClaim[];
  /** Distinct trees the ledger's entries judged, and how many of them were bucketed. */
  trees: number;
  bucketedTrees: number;
  /** Controls not drawn (over MAX_ROWS). */
  hiddenControls: number;
}

export interface CurrentControl {
  control: string;
  status: string;
  reason: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '?');

interface TreeInfo {
  tree: string;
  first: string;
  last: string;
}

/** Columns over the trees in order of first appearance: the latest individually, older by day. */
function layColumns(
  trees: readonly TreeInfo[],
  commitOf: ReadonlyMap<string, string>,
): { columns: PictureColumn[]; columnOf: Map<string, number>; bucketed: number } {
  const older = trees.slice(0, Math.max(0, trees.length - MAX_TREES));
  const recent = trees.slice(older.length);
  const days = new Map<string, TreeInfo[]>();
  for (const t of older)
    days.set(t.first.slice(0, 10), [...(days.get(t.first.slice(0, 10)) ?? []), t]);
  const dayList = [...days];
  const per = Math.ceil(dayList.length / MAX_BUCKETS);
  const columns: PictureColumn[] = [];
  const columnOf = new Map<string, number>();
  for (let i = 0; i < dayList.length; i += per) {
    const group = dayList.slice(i, i + per);
    const from = group[0]![0];
    const to = group.at(-1)![0];
    const members = group.flatMap(([, ts]) => ts);
    for (const t of members) columnOf.set(t.tree, columns.length);
    columns.push({
      key: `day:${from}..${to}`,
      label: from === to ? from.slice(5) : `${from.slice(5)}…${to.slice(5)}`,
      title: `${members.length} older code versions first judged ${from === to ? `on ${from}` : `from ${from} to ${to}`} (bucketed; the worst result is shown)`,
      kind: 'bucket',
    });
  }
  for (const t of recent) {
    columnOf.set(t.tree, columns.length);
    const commit = commitOf.get(t.tree);
    columns.push({
      key: t.tree,
      label: commit === undefined ? t.tree.slice(0, 7) : commit.slice(0, 7),
      title: `tree ${t.tree}${commit === undefined ? '' : ` = commit ${commit}`}; entries from ${t.first} to ${t.last}`,
      kind: 'tree',
    });
  }
  return { columns, columnOf, bucketed: older.length };
}

/**
 * Every tree the ledger's entries judged (the picture's columns and the claims' code among them):
 * the gather step looks their commits up in one pass over HEAD's history, whatever their number.
 */
export function pictureTrees(entries: readonly StoredEntry[]): Set<string> {
  return new Set(entries.map(({ entry }) => str(entry.subject.tree)));
}

export function buildStatusPicture(
  entries: readonly StoredEntry[],
  order: LedgerOrder,
  current: readonly CurrentControl[],
  commitOf: ReadonlyMap<string, string>,
): StatusPicture {
  const ordered = inLedgerOrder(entries, order);
  const trees = new Map<string, TreeInfo>();
  for (const { entry } of ordered) {
    const tree = str(entry.subject.tree);
    const known = trees.get(tree);
    if (known === undefined) trees.set(tree, { tree, first: entry.time, last: entry.time });
    else known.last = entry.time;
  }
  const { columns, columnOf, bucketed } = layColumns([...trees.values()], commitOf);
  const drawn = current.slice(0, MAX_ROWS);
  const rowOf = new Map(drawn.map((c, i) => [c.control, i]));
  const facts: CellFacts[][] = drawn.map(() => columns.map(() => emptyCell()));
  const claims: PictureClaim[] = [];
  for (const stored of ordered) {
    const column = columnOf.get(str(stored.entry.subject.tree))!;
    const { kind, body } = stored.entry;
    if (kind === 'claim') {
      const scope = str(body['scope']);
      const outcome = str(body['outcome']);
      claims.push({
        column,
        hash: stored.hash,
        scope,
        outcome,
        title: `claim ${scope} ${outcome} at ${stored.entry.time} by ${stored.entry.actor.label} (${stored.entry.actor.authority}), entry ${stored.hash.slice(0, 12)}`,
      });
      continue;
    }
    const row = rowOf.get(str(body['control']));
    if (row === undefined) continue;
    foldCell(facts[row]![column]!, stored, columns[column]!.kind === 'bucket');
  }
  const cells = facts.map((row, r) => {
    let seen: string | undefined;
    const drawnRow: PictureCell[] = row.map((f, c) => {
      const cell = describeCell(f, seen, columns[c]!);
      if (cell.entry !== undefined) seen = `${cell.status} on ${columns[c]!.label}`;
      return cell;
    });
    const now = drawn[r]!;
    drawnRow.push({ status: now.status, title: `${now.status}: ${now.reason}`, audits: [] });
    return drawnRow;
  });
  return {
    controls: drawn.map((c) => c.control),
    columns: [
      ...columns,
      {
        key: 'now',
        label: 'now',
        title: 'the status each control has now (as status reports it)',
        kind: 'now',
      },
    ],
    cells,
    claims,
    trees: trees.size,
    bucketedTrees: bucketed,
    hiddenControls: current.length - drawn.length,
  };
}
