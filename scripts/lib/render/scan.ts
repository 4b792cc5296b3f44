// Human output of `proofgate scan`: the verdict line, then the model, then the candidates. Long
// lists are cut here, for reading, and say so; `--json` always carries every item.
import type { Candidate, ScanResult } from '../core/scan/types.ts';
import type { ScanFlowResult } from '../flows/plane/scan-flow.ts';

/** How many items of each list the human output shows. */
export const SCAN_SHOWN = {
  candidates: 300,
  not_adoptable: 100,
  test_dirs: 40,
  languages: 20,
  instructions: 50,
} as const;

function shown<T>(
  list: readonly T[],
  name: keyof typeof SCAN_SHOWN,
  cut: Map<string, number>,
): T[] {
  const limit = SCAN_SHOWN[name];
  if (list.length > limit) cut.set(name, list.length - limit);
  return list.slice(0, limit);
}

export function renderScan(full: ScanResult): string {
  const cut = new Map<string, number>();
  const result = {
    ...full,
    languages: shown(full.languages, 'languages', cut),
    instructions: shown(full.instructions, 'instructions', cut),
    tests: { ...full.tests, dirs: shown(full.tests.dirs, 'test_dirs', cut) },
    candidates: shown(full.candidates, 'candidates', cut),
    not_adoptable: shown(full.not_adoptable, 'not_adoptable', cut),
  };
  const lines = [
    `scan: ${full.candidates.length} adoptable command(s), ${full.not_adoptable.length} not adoptable, ${result.unknowns.length} unknown(s) in ${result.files} files (nothing was run or adopted)`,
    '',
    `languages: ${result.languages.map((l) => `${l.language} ${l.files}`).join(', ') || 'none recognised'}`,
  ];
  const s = result.stack;
  if (s.node)
    lines.push(
      `node: ${s.node.package_manager}${s.node.lockfile ? ` (${s.node.lockfile})` : ' (no lockfile)'}, ${s.node.manifests.length} package.json${s.node.workspaces.length ? `, workspaces ${s.node.workspaces.join(' ')}` : ''}`,
    );
  if (s.python) lines.push(`python: ${s.python.files.join(', ')}`);
  if (s.rust) lines.push(`rust: ${s.rust.files.join(', ')}`);
  if (s.go) lines.push(`go: ${s.go.module ?? '(no module line)'}`);
  if (s.jvm) lines.push(`jvm: ${s.jvm.tool} (${s.jvm.files.join(', ')})`);
  if (s.make) lines.push(`make: ${s.make.file} targets ${s.make.targets.join(' ') || '(none)'}`);
  if (s.just) lines.push(`just: ${s.just.file} recipes ${s.just.recipes.join(' ') || '(none)'}`);
  for (const ci of result.ci)
    lines.push(
      `ci: ${ci.path} (${ci.system}) jobs ${ci.jobs.map((j) => `${j.id}[${j.steps.length}]`).join(' ') || '(none)'}`,
    );
  for (const file of result.instructions)
    lines.push(
      `instructions: ${file.path} (${file.kind}, ${file.lines} lines, sha256 ${file.sha256.slice(0, 12)}…)`,
    );
  const gov = Object.entries(result.governance).map(([k, v]) => `${k} ${v}`);
  lines.push(`governance: ${gov.join(', ') || 'no license, security or contributing file'}`);
  lines.push(
    `tests: ${result.tests.files} test file(s)${result.tests.dirs.length ? ` in ${result.tests.dirs.join(' ')}` : ''}`,
  );
  lines.push(
    '',
    'candidates (adopt with "proofgate adopt <id>"; it writes the inputs shown, so that only a change to them stales the result: --inputs <glob>... to name others, --whole-tree for none):',
  );
  if (result.candidates.length === 0)
    lines.push('  (none: no real command found; nothing is invented)');
  for (const c of result.candidates) {
    const alone = c.exclusive === true ? '  [runs alone when adopted]' : '';
    const auth = `${c.authorization.length ? `  [needs authorization: ${c.authorization.join(', ')}]` : ''}${riskTag(c.risks)}${alone}`;
    lines.push(
      `  ${c.id}  ${JSON.stringify(c.argv)}${c.cwd ? ` in ${c.cwd}` : ''}  (${c.where})${auth}`,
      ...proposedInputsLines(c),
    );
  }
  if (result.not_adoptable.length > 0) lines.push('', 'not adoptable as written:');
  for (const n of result.not_adoptable) lines.push(`  ${n.id}  (${n.where}): ${n.reason}`);
  if (result.unknowns.length > 0) lines.push('', 'unknowns (question → cheapest probe):');
  for (const u of result.unknowns) lines.push(`  - ${u.question} → ${u.probe}`);
  for (const [list, count] of cut) lines.push(`… ${count} more ${list} left out (use --json)`);
  for (const [input, count] of Object.entries(full.omitted))
    lines.push(`… ${count} ${input} were not read (over scan's cap)`);
  return lines.join('\n');
}

/** The inputs adopting a candidate writes (what its role reads in its kinds), when scan proposes any. */
export function proposedInputsLines(c: Candidate): string[] {
  if (c.inputs === undefined) return [];
  return [
    `    inputs (a ${c.inputs.kinds.join('/')} ${c.inputs.role}): ${c.inputs.globs.join(' ')}`,
  ];
}

/** `  [risk: publishes, inline]`, or nothing for a plain check. */
export function riskTag(risks: readonly string[] | undefined): string {
  return risks === undefined || risks.length === 0 ? '' : `  [risk: ${risks.join(', ')}]`;
}

/** The verb's output: the inventory, then where the target model was kept, if anywhere. */
export function renderScanResult(result: ScanFlowResult): string {
  const text = renderScan(result);
  const kept = result.target_model;
  if (kept === undefined) return text;
  const line =
    'written' in kept
      ? `target model: ${kept.written} (refreshed)`
      : `target model: ${kept.skipped}`;
  return `${text}\n${line}`;
}
