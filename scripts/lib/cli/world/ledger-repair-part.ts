// The ledger's repairs (core/world/ledger-port.ts LedgerRepairPort), for `verify --repair` and
// `--repair-torn`; apart from the world, as no verdict repairs the ledger.
import type { WorldExtras } from '../../core/world/world.ts';
import { repairForks } from '../../io/ledger/repair-forks.ts';
import { repairTornTails } from '../../io/ledger/repair-torn.ts';

export const LEDGER_REPAIR_PART: Pick<WorldExtras, 'ledgerRepair'> = {
  ledgerRepair: { repairForks, repairTornTails },
};
