// Verification weakened (references/claim.md): a claimed control's current PASS must run at least
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

/** The current PASS's recorded inventory, when its entry has one. */
function inventoryOf(stored: StoredEntry | undefined): Inventory | undefined {
  if (stored?.entry.kind !== 'run') return undefined;
  return parseRunBody(stored.entry.body)?.inventory;
}

/**
 * The base's PASS of `control` to compare with: of the PASSes on the base's code that counted
 * their tests, the one that ran the most (the latest of those). Not simply the latest: anyone can
 * check the base out and record another PASS of it in a weaker environment (fewer tests found),
 * and the base's code ran what it ran at its best.
 */
function basePass(control: string, request: WeakeningRequest): KnownInventory | undefined {
  let best: { hash: string; inventory: KnownInventory } | undefined;
  for (const stored of request.entries) {
    if (stored.entry.kind !== 'run' || stored.entry.subject.tree !== request.baseTree) continue;
    const body = parseRunBody(stored.entry.body);
    if (body?.control !== control || body.status !== 'PASS') continue;
    const inventory = body.inventory;
    if (inventory === undefined || !isKnown(inventory)) continue;
    const better =
      best === undefined ||
      inventory.ran > best.inventory.ran ||
      (inventory.ran === best.inventory.ran &&
        request.order.rank(stored.hash) > request.order.rank(best.hash));
    if (better) best = { hash: stored.hash, inventory };
  }
  return best?.inventory;
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

/** Known against known: fewer run, or more skipped or todo, blocks; other names only warn. */
function compareKnown(
  control: string,
  base: KnownInventory,
  current: KnownInventory,
  found: Weakenings,
): void {
  const missing = missingNames(base, current);
  const gone = missing.length === 0 ? '' : `; no longer runs ${quoteNames(missing)}`;
  const parts: string[] = [];
  if (current.skipped > base.skipped)
    parts.push(`; skips ${current.skipped}, the base skipped ${base.skipped}`);
  if (current.todo > base.todo) parts.push(`; marks ${current.todo} todo, the base ${base.todo}`);
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
    reason: `${text}; from engineering_ready the tests a control runs must be countable`,
    next: `make the runner print its summary (a reporter the gate reads: references/claim.md "Verification weakened"), then ${formatEvaluateCommand({ control: id })}; or, if the command runs no tests, declare inventory: none on it in controls/registry.yaml (a definition change: approved under the base's rules)`,
  });
}

/** Every claimed control's current PASS against the base's last PASS of it. */
export function findWeakenings(request: WeakeningRequest): Weakenings {
  const found: Weakenings = { blockers: [], warnings: [] };
  const byHash = new Map(request.entries.map((e) => [e.hash, e]));
  const controls = new Map(request.controls.map((c) => [c.id, c]));
  for (const status of request.statuses) {
    const self = status.stages.self;
    if (status.status !== 'PASS' || self.status !== 'PASS' || self.entry === undefined) continue;
    const current = inventoryOf(byHash.get(self.entry));
    if (current === undefined) continue;
    const id = status.control;
    const compared = request.baseTree !== undefined && request.approved?.has(id) !== true;
    const base = compared ? basePass(id, request) : undefined;
    if (!isKnown(current)) {
      judgeUnknown(controls.get(id), id, current.reason, base, request, found);
      continue;
    }
    if (base !== undefined) compareKnown(id, base, current, found);
  }
  return found;
}

/** Whether any claimed control's current PASS recorded an inventory (else nothing is compared). */
export function hasInventories(
  statuses: readonly ControlStatus[],
  entries: readonly StoredEntry[],
): boolean {
  const claimed = new Set(
    statuses.flatMap((s) => (s.stages.self.entry === undefined ? [] : [s.stages.self.entry])),
  );
  return entries.some(
    (e) => claimed.has(e.hash) && e.entry.kind === 'run' && 'inventory' in e.entry.body,
  );
}
