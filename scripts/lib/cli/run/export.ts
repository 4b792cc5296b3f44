// The real-world wiring of `proofgate export`: the flow, with a gate world opened on the auditor's
// trust file once the flow has checked its usage.
import type { Context } from '../../core/context.ts';
import { exportFlow, type ExportOptions, type ExportResult } from '../../flows/export-flow.ts';
import { openWorld } from '../world/open-world.ts';

export const runExport = (options: ExportOptions, ctx: Context): Promise<ExportResult> =>
  exportFlow(options, ctx, (trust) => openWorld(ctx, { trust }));
