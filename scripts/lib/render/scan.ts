// Human output of `proofgate scan`: the verdict line, then the model, then the candidates.
import type { ScanResult } from '../core/scan/types.ts';

export function renderScan(result: ScanResult): string {
  const lines = [
    `scan: ${result.candidates.length} adoptable command(s), ${result.not_adoptable.length} not adoptable, ${result.unknowns.length} unknown(s) in ${result.files} files (nothing was run or adopted)`,
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
  lines.push('', 'candidates (adopt with "proofgate adopt <id>"):');
  if (result.candidates.length === 0)
    lines.push('  (none: no real command found; nothing is invented)');
  for (const c of result.candidates) {
    const auth = c.authorization.length
      ? `  [needs authorization: ${c.authorization.join(', ')}]`
      : '';
    lines.push(
      `  ${c.id}  ${JSON.stringify(c.argv)}${c.cwd ? ` in ${c.cwd}` : ''}  (${c.where})${auth}`,
    );
  }
  if (result.not_adoptable.length > 0) lines.push('', 'not adoptable as written:');
  for (const n of result.not_adoptable) lines.push(`  ${n.id}  (${n.where}): ${n.reason}`);
  if (result.unknowns.length > 0) lines.push('', 'unknowns (question → cheapest probe):');
  for (const u of result.unknowns) lines.push(`  - ${u.question} → ${u.probe}`);
  for (const [list, count] of Object.entries(result.omitted))
    lines.push(`… ${count} more ${list} left out (use --json)`);
  return lines.join('\n');
}
