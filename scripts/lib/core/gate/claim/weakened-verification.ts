// Verification weakened (references/inventory.md): a claimed control's current PASS must run at least
// the tests the base's last PASS of it ran, and skip or todo no more. A deleted test, a test
// marked skip or a test script narrowed to one file still exits 0; their inventories (recorded by
// evaluate from the runner's own summary, core/inventory/) show it. Pure: the entries, the base's
// subject tree and the rules come in already read.
import type { StoredEntry } from '../../ledger/types.ts';
import type { LedgerOrder } from '../../ledger/ledger-order.ts';
import { MATURITY_LEVELS, type Control, type Maturity } from '../../plane/types.ts';
import { parseRunBody } from '../entries/parse-body.ts';
import type { ControlStatus } from '../status/compute-status.ts';
import {
  describeCount,
  isKnown,
  type Inventory,
  type KnownInventory,
} from '../../inventory/inventory.ts';
import { isTestCommand } from '../../inventory/read-inventory.ts';
import { formatEvaluateCommand } from '../../next/next-command.ts';
import { nextCommand } from '../../next/next-table.ts';
import type { ClaimBlocker } from './decide-claim.ts';

export interface WeakeningRequest {
  statuses: readonly ControlStatus[];
  entries: readonly StoredEntry[];
  order: LedgerOrder;
  /** The subject tree of the trusted base's commit; undefined without a base (nothing compared). */
  baseTree: string | undefined;
  target: Maturity;
  /** The controls under the base's rules (their `inventory: none` and commands decide). */
  controls: readonly Control[];
  /** Controls whose changed definition is approved since the base: not compared with it. */
  approved?: ReadonlySet<string>;
}

export interface Weakenings {
  blockers: ClaimBlocker[];
  warnings: string[];
}

/** Whether a claim blocker is this rule's (views that show counts name these in full). */
export function isWeakening(reason: string): boolean {
  return reason.startsWith('verification weakened:') || reason.startsWith('inventory unknown:');
}

/** The refusal's summary after `REFUSED [scope] <n>`. */
export const WEAKENED_WHAT = 'control(s) verify less than on the base (verification weakened)';

/** A PASS of a claimed control that counted its tests: where it ran and what it counted. */
interface CountedPass {
  hash: string;
  tree: string;
  inventory: KnownInventory;
}

/** The claimed controls' current PASSes with an inventory, and every counted PASS of them. */
interface Indexed {
  current: Map<string, { tree: string; inventory: Inventory }>;
  passes: Map<string, CountedPass[]>;
}

/** One pass over the ledger: only run entries that carry an inventory are parsed. */
function indexPasses(statuses: readonly ControlStatus[], entries: readonly StoredEntry[]): Indexed {
  const currentOf = new Map<string, string>();
  for (const s of statuses) {
    const self = s.stages.self;
    if (s.status === 'PASS' && self.status === 'PASS' && self.entry !== undefined)
      currentOf.set(self.entry, s.control);
  }
  const claimed = new Set(statuses.map((s) => s.control));
  const found: Indexed = { current: new Map(), passes: new Map() };
  for (const stored of entries) {
    if (stored.entry.kind !== 'run' || !('inventory' in stored.entry.body)) continue;
    const body = parseRunBody(stored.entry.body);
    if (body?.inventory === undefined || !claimed.has(body.control)) continue;
    const tree = stored.entry.subject.tree;
    if (currentOf.get(stored.hash) === body.control)
      found.current.set(body.control, { tree, inventory: body.inventory });
    if (body.status !== 'PASS' || !isKnown(body.inventory)) continue;
    const list = found.passes.get(body.control) ?? [];
    list.push({ hash: stored.hash, tree, inventory: body.inventory });
    found.passes.set(body.control, list);
  }
  return found;
}

/**
 * The base's PASS of `control` to compare with: of the PASSes on the base's code that counted
 * their tests, the one that ran the most (the latest of those). Not simply the latest: anyone can
 * check the base out and record another PASS of it in a weaker environment (fewer tests found),
 * and the base's code ran what it ran at its best.
 */
function basePass(
  passes: readonly CountedPass[],
  baseTree: string,
  order: LedgerOrder,
): KnownInventory | undefined {
  let best: CountedPass | undefined;
  for (const pass of passes) {
    if (pass.tree !== baseTree) continue;
    const better =
      best === undefined ||
      pass.inventory.ran > best.inventory.ran ||
      (pass.inventory.ran === best.inventory.ran && order.rank(pass.hash) > order.rank(best.hash));
    if (better) best = pass;
  }
  return best?.inventory;
}

/**
 * Skips (or todos) added beyond the tests added: a new test that the suite also runs in a skipped
 * variant (a parametrized backend that is not built here) adds one of each and weakens nothing; a
 * test turned into a skip adds a skip and no test. Markers written into test files are refused on
 * their own (test teeth), and config files that skip are part of the control's reach.
 */
function addedBeyondTests(base: number, now: number, baseRan: number, ran: number): boolean {
  return now - base > Math.max(0, ran - baseRan);
}

/** Whether `current` verifies less than (or other than) `base`: what a comparison would report. */
function differs(base: KnownInventory, current: Inventory): boolean {
  if (!isKnown(current)) return base.ran > 0;
  return (
    current.ran < base.ran ||
    addedBeyondTests(base.skipped, current.skipped, base.ran, current.ran) ||
    addedBeyondTests(base.todo, current.todo, base.ran, current.ran) ||
    missingNames(base, current).length > 0
  );
}

/**
 * The trees of other counted PASSes a claimed control's current PASS would be found weaker than:
 * only when there is one does the verdict need the base's subject tree (a git read), so the
 * common case (tests only added) costs nothing.
 */
export function treesToCompare(
  statuses: readonly ControlStatus[],
  entries: readonly StoredEntry[],
): Set<string> {
  const { current, passes } = indexPasses(statuses, entries);
  const trees = new Set<string>();
  for (const [control, now] of current)
    for (const pass of passes.get(control) ?? [])
      if (pass.tree !== now.tree && differs(pass.inventory, now.inventory)) trees.add(pass.tree);
  return trees;
}

function quoteNames(names: readonly string[]): string {
  const shown = names.slice(0, 3).map((n) => `'${n}'`);
  return names.length > 3 ? `${shown.join(', ')} and ${names.length - 3} more` : shown.join(', ');
}

function missingNames(base: KnownInventory, current: KnownInventory): string[] {
  if (base.names === undefined || current.names === undefined) return [];
  const now = new Set(current.names);
  return base.names.filter((n) => !now.has(n));
}

function blocker(control: string, reason: string): ClaimBlocker {
  return {
    control,
    stage: 'self',
    status: 'PASS',
    reason,
    next: `restore what the base's tests checked (fix the code, not the tests), then ${formatEvaluateCommand({ control })}`,
  };
}

/** Known against known: fewer run, or skips or todos added beyond the tests added, blocks; other names only warn. */
function compareKnown(
  control: string,
  base: KnownInventory,
  current: KnownInventory,
  found: Weakenings,
): void {
  const missing = missingNames(base, current);
  const gone = missing.length === 0 ? '' : `; no longer runs ${quoteNames(missing)}`;
  const parts: string[] = [];
  if (addedBeyondTests(base.skipped, current.skipped, base.ran, current.ran))
    parts.push(`; skips ${current.skipped}, the base skipped ${base.skipped}`);
  if (addedBeyondTests(base.todo, current.todo, base.ran, current.ran))
    parts.push(`; marks ${current.todo} todo, the base ${base.todo}`);
  if (current.ran < base.ran || parts.length > 0) {
    const ran = `${control} ran ${describeCount(current.ran)}, the base ran ${base.ran}`;
    found.blockers.push(blocker(control, `verification weakened: ${ran}${parts.join('')}${gone}`));
    return;
  }
  if (missing.length > 0)
    found.warnings.push(
      `${control} no longer runs ${quoteNames(missing)} that the base ran (as many tests run: renamed?)`,
    );
}

/** The current output holds no inventory: weakened if the base's had one, else by maturity. */
function judgeUnknown(
  control: Control | undefined,
  id: string,
  reason: string,
  base: KnownInventory | undefined,
  request: WeakeningRequest,
  found: Weakenings,
): void {
  if (base !== undefined && base.ran > 0) {
    found.blockers.push(
      blocker(
        id,
        `verification weakened: ${id} ran ${describeCount(base.ran)} on the base; now its output shows no test inventory (${reason})`,
      ),
    );
    return;
  }
  if (control?.inventory === 'none') return;
  const argv = control !== undefined && 'argv' in control.execution ? control.execution.argv : [];
  if (argv === undefined || !isTestCommand(argv)) return;
  const text = `inventory unknown: ${id} runs tests, but ${reason}`;
  if (MATURITY_LEVELS.indexOf(request.target) < MATURITY_LEVELS.indexOf('engineering_ready')) {
    found.warnings.push(text);
    return;
  }
  found.blockers.push({
    control: id,
    stage: 'self',
    status: 'PASS',
    reason: `${text}; from engineering_ready the tests a control runs must be countable: make the runner print a summary the gate reads (references/inventory.md) and run it again, or declare that the command prints none`,
    next: nextCommand('adoptUncounted', { control: id }),
  });
}

/** Every claimed control's current PASS against the base's best PASS of it. */
export function findWeakenings(request: WeakeningRequest): Weakenings {
  const found: Weakenings = { blockers: [], warnings: [] };
  const { current, passes } = indexPasses(request.statuses, request.entries);
  const controls = new Map(request.controls.map((c) => [c.id, c]));
  for (const [id, now] of current) {
    const compared = request.baseTree !== undefined && request.approved?.has(id) !== true;
    const base = compared
      ? basePass(passes.get(id) ?? [], request.baseTree ?? '', request.order)
      : undefined;
    if (!isKnown(now.inventory)) {
      judgeUnknown(controls.get(id), id, now.inventory.reason, base, request, found);
      continue;
    }
    if (base !== undefined) compareKnown(id, base, now.inventory, found);
  }
  return found;
}
