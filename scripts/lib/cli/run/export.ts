// The real-world wiring of `proofgate export`: the flow, with the world opened on the auditor's
// trust file (read once the flow has checked its usage and found the root).
import type { Context } from '../../core/context.ts';
import {
  exportFlow,
  type ExportOptions,
  type ExportResult,
} from '../../flows/ledger/export-flow.ts';
import { openWorld } from '../world/open-world.ts';

export const runExport = (options: ExportOptions, ctx: Context): Promise<ExportResult> =>
  exportFlow(options, ctx, openWorld(ctx, { trustFile: options.trust }));
