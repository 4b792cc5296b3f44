// The gather step's instruction check: each instruction source the deciding manifest lists, read
// now and digested as it was mapped (whole file or its Markdown section), and the well-known
// repository instruction files present but not listed (created after init).
import type { World } from '../../core/world/world.ts';
import type { Manifest } from '../../core/plane/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import { UsageError } from '../../core/errors.ts';
import { ROOT_INSTRUCTION_FILES } from '../../core/scan/inventory.ts';
import { digestSource, type InstructionFindings } from '../../core/gate/claim/instruction-drift.ts';

export async function readInstructionFindings(
  plane: Plane,
  manifest: Manifest,
  io: World,
): Promise<InstructionFindings> {
  const sources = manifest.instruction_sources ?? [];
  const drifted: InstructionFindings['drifted'] = [];
  for (const source of sources) {
    const text = await readText(plane, source.path, io);
    const now = text === undefined ? undefined : digestSource(text, source.selector);
    if (now === source.sha256) continue;
    drifted.push({
      path: source.path,
      mapped: source.sha256,
      now,
      mappedTo: source.mapped_to ?? [],
      ...(source.selector === undefined ? {} : { heading: source.selector.markdown_heading }),
    });
  }
  const listed = new Set(sources.map((s) => s.path));
  const discovered: string[] = [];
  for (const path of ROOT_INSTRUCTION_FILES)
    if (!listed.has(path) && (await io.statPath(plane.root, path)) === 'file')
      discovered.push(path);
  return { drifted, discovered };
}

async function readText(plane: Plane, path: string, io: World): Promise<string | undefined> {
  if ((await io.statPath(plane.root, path)) !== 'file') return undefined;
  try {
    return new TextDecoder().decode(await io.readFile(plane.root, path));
  } catch (error) {
    if (error instanceof UsageError) return undefined;
    throw error;
  }
}
