// A control that declares a JUnit XML report among its artifacts (`artifacts:` in the registry):
// the report, as stored after the run, is the inventory (its names are complete, unlike a capped
// output). A declared artifact that is not JUnit XML leaves the output's inventory in place.
import { readInventory } from '../../core/inventory/read-inventory.ts';
import type { ExecuteOutcome, ExecuteSettings } from './execute-outcome.ts';

export async function withReportInventory(
  outcome: ExecuteOutcome,
  settings: Pick<ExecuteSettings, 'objects'>,
): Promise<ExecuteOutcome> {
  const xml = (outcome.details.artifacts ?? []).filter((a) => a.path.endsWith('.xml'));
  if (xml.length === 0 || outcome.details.inventory === undefined) return outcome;
  const store = settings.objects;
  const reports: { path: string; text: string }[] = [];
  for (const a of xml) {
    const bytes = await store.get(a.sha256);
    if (bytes !== undefined) reports.push({ path: a.path, text: new TextDecoder().decode(bytes) });
  }
  const inventory = readInventory({ output: '', reports });
  if (inventory.runner === 'unknown') return outcome;
  return { ...outcome, details: { ...outcome.details, inventory } };
}
