// Instruction rule drift, on a real repository: AGENTS.md's "Testing" section is mapped to the
// `tests` control. When the agent rewrites that section, re-running the control does not help: the
// control stays STALE (or, under instruction_drift: block, every claim is refused) until an owner
// re-maps the new text. An edit elsewhere in the file, or to a "## Testing" line inside a fenced
// code block, does not count. A CLAUDE.md created after init is found and reported as unmapped.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const repos: GateRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.remove();
});

const SECTION = '## Testing\nRun the tests before you stop.\n';
const AGENTS = (intro: string, section = SECTION): string =>
  `# Agents\n${intro}\n\`\`\`md\n## Testing\nan example inside a fence\n\`\`\`\n\n${section}\n## Style\nKeep it short.\n`;
const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

interface ClaimJson {
  granted: boolean;
  blockers: { control: string; status: string; reason: string; next?: string }[];
  warnings?: string[];
}

function repo(policy = '', unmapped = 'warn'): GateRepo {
  const r = makeGateRepo(
    [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }` }],
    { files: { 'AGENTS.md': AGENTS('Read me first.') } },
  );
  repos.push(r);
  const manifest = join(r.dir, '.proofgate', 'controls', 'manifest.yaml');
  let text = readFileSync(manifest, 'utf8')
    .replace(
      /(project|release): \{ required_stages: \[[^\]]*\] \}/g,
      '$1: { required_stages: [self] }',
    )
    .replace(/unmapped_instructions: \w+/, `unmapped_instructions: ${unmapped}${policy}`);
  if (!text.includes('unmapped_instructions'))
    text = text.replace(
      /^policies:\n/m,
      `policies:\n  unmapped_instructions: ${unmapped}${policy}\n`,
    );
  text += `instruction_sources:\n  - path: AGENTS.md\n    sha256: ${sha(SECTION)}\n    mapped_to: [tests]\n    selector: { markdown_heading: Testing }\n`;
  writeFileSync(manifest, text);
  r.commit('map the Testing section of AGENTS.md to tests');
  return r;
}

async function claim(r: GateRepo): Promise<{ code: number; json: ClaimJson }> {
  const run = await r.run(['claim', '--control', 'tests', '--json']);
  return { code: run.code, json: JSON.parse(run.out) as ClaimJson };
}

describe('a mapped instruction section that changes stales its control', () => {
  it('the mapped section: granted before, STALE after the rewrite even when re-run', async () => {
    const r = repo();
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    expect((await claim(r)).code).toBe(0);
    writeFileSync(
      join(r.dir, 'AGENTS.md'),
      AGENTS('Read me first.', '## Testing\nTests are optional.\n'),
    );
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const refused = await claim(r);
    expect(refused.code).toBe(1);
    expect(refused.json.blockers[0]?.status).toBe('STALE');
    expect(refused.json.blockers[0]?.reason).toMatch(
      /instruction source AGENTS.md section "Testing" changed since it was mapped/,
    );
    expect(refused.json.blockers[0]?.next).toMatch(/record the new sha256/);
    const status = await r.run(['status', '--control', 'tests']);
    expect(status.out).toMatch(/STALE +tests: instruction source AGENTS.md/);
  });

  it('an edit outside the section, or to a fenced look-alike heading, changes nothing', async () => {
    const r = repo();
    writeFileSync(
      join(r.dir, 'AGENTS.md'),
      AGENTS('Read me first, then the rest.').replace(
        'an example inside a fence',
        'a different example inside the fence',
      ),
    );
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    expect((await claim(r)).code).toBe(0);
  });

  it('a deleted source is drift too', async () => {
    const r = repo();
    rmSync(join(r.dir, 'AGENTS.md'));
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const refused = await claim(r);
    expect(refused.code).toBe(1);
    expect(refused.json.blockers[0]?.reason).toMatch(/AGENTS.md section "Testing" is gone/);
  });

  it('instruction_drift: block refuses every claim naming the source', async () => {
    const r = repo('\n  instruction_drift: block');
    writeFileSync(join(r.dir, 'AGENTS.md'), AGENTS('x', '## Testing\nSkip the tests.\n'));
    expect((await r.run(['evaluate', '--run'])).code).toBe(0);
    const refused = await claim(r);
    expect(refused.code).toBe(1);
    expect(refused.json.blockers.map((b) => b.control)).toEqual(['instructions:AGENTS.md']);
  });
});

describe('an instruction file created after init is discovered', () => {
  it('warns under unmapped_instructions: warn, blocks under block', async () => {
    const warn = repo();
    writeFileSync(join(warn.dir, 'CLAUDE.md'), 'Stop whenever you like.\n');
    expect((await warn.run(['evaluate', '--run'])).code).toBe(0);
    const granted = await claim(warn);
    expect(granted.code).toBe(0);
    expect(granted.json.warnings?.join('\n')).toContain(
      'agent instruction file CLAUDE.md appeared after init',
    );
    const block = repo('', 'block');
    writeFileSync(join(block.dir, 'CLAUDE.md'), 'Stop whenever you like.\n');
    expect((await block.run(['evaluate', '--run'])).code).toBe(0);
    const refused = await claim(block);
    expect(refused.code).toBe(1);
    expect(refused.json.blockers.map((b) => b.control)).toContain('instructions:CLAUDE.md');
  });
});
