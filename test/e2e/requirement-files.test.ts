// The manifest's requirement files gate project and release claims: a requirement whose chain
// stops short (no control reaches it) refuses the claim by name, in every view. The files are
// agent-writable, so the agent's ways of dropping a requirement are each tried: delete the file,
// empty it, unlist it from the working-tree manifest, edit the requirement out. Without a base
// the first two block by themselves; under a base the base's list and contents decide.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeGateRepo, nodeArgv, type GateRepo } from '../helpers/gate-repo.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const clean of cleanups.splice(0)) clean();
});

const REQS = 'docs/requirements.yaml';
const REQ_TEXT = `requirements:
  - { id: REQ-7, title: refunds are idempotent, risks: [RISK-3] }
risks:
  - { id: RISK-3, title: double refund }
`;

/** A repo on main whose manifest lists one requirement file; no control reaches REQ-7. */
function repo(): GateRepo {
  const r = makeGateRepo(
    [{ id: 'tests', execution: `{ type: command, argv: ${nodeArgv('console.log("ok")')} }` }],
    { files: { [REQS]: REQ_TEXT } },
  );
  cleanups.push(() => r.remove());
  editManifest(r, (t) => `${t}requirement_files: [${REQS}]\n`);
  r.commit('list the requirement file');
  return r;
}

const manifestPath = (r: GateRepo): string => join(r.dir, '.proofgate/controls/manifest.yaml');
function editManifest(r: GateRepo, edit: (text: string) => string): void {
  writeFileSync(manifestPath(r), edit(readFileSync(manifestPath(r), 'utf8')));
}

interface Blocker {
  control: string;
  reason: string;
}
async function blockersOf(r: GateRepo, scope: string, base: string[] = []): Promise<Blocker[]> {
  const result = await r.run(['claim', '--scope', scope, '--no-record', '--json', ...base]);
  expect(result.code, result.out + result.err).toBe(1);
  return (JSON.parse(result.out) as { blockers: Blocker[] }).blockers;
}

const namesReq = (blockers: Blocker[]): boolean =>
  blockers.some(
    (b) => b.control === 'requirement:REQ-7' && b.reason.includes('missing_control REQ-7'),
  );

describe('requirement_files gate project and release claims', () => {
  it('a requirement without a control refuses the project and release claim by name, in every view', async () => {
    const r = repo();
    await r.run(['evaluate', '--run']);
    expect(namesReq(await blockersOf(r, 'project'))).toBe(true);
    expect(namesReq(await blockersOf(r, 'release'))).toBe(true);
    const view = await r.run(['status', '--blockers', '--scope', 'project']);
    expect(view.out).toContain('REQ-7');
    // The task claim is about its controls only.
    const task = await r.run(['claim', '--control', 'tests', '--no-record', '--json']);
    expect(JSON.stringify(JSON.parse(task.out).blockers ?? [])).not.toContain('REQ-7');
  });

  it('a control that verifies the requirement closes the gap', async () => {
    const r = repo();
    const registry = join(r.dir, '.proofgate/controls/registry.yaml');
    writeFileSync(
      registry,
      readFileSync(registry, 'utf8').replace('requirements: []', 'requirements: [REQ-7]'),
    );
    const blockers = await blockersOf(r, 'project');
    expect(blockers.some((b) => b.control.includes('REQ-7'))).toBe(false);
  });

  it('without a base, a deleted or emptied requirement file blocks instead of dropping its requirements', async () => {
    const r = repo();
    rmSync(join(r.dir, REQS));
    const deleted = await blockersOf(r, 'project');
    expect(deleted).toContainEqual(
      expect.objectContaining({
        control: `requirement-file:${REQS}`,
        reason: `requirement file ${REQS}: listed in requirement_files but not there`,
      }),
    );
    r.write(REQS, 'requirements: []\n');
    const emptied = await blockersOf(r, 'project');
    expect(emptied.find((b) => b.control === `requirement-file:${REQS}`)?.reason).toContain(
      'lists no requirement',
    );
    r.write(REQS, 'requirements: [ {id: \n');
    const broken = await blockersOf(r, 'project');
    expect(broken.find((b) => b.control === `requirement-file:${REQS}`)?.reason).toContain(
      'is not valid YAML',
    );
  });

  it.each([
    ['deletes the file', (r: GateRepo) => rmSync(join(r.dir, REQS))],
    ['empties it', (r: GateRepo) => r.write(REQS, 'requirements: []\n')],
    [
      'edits the requirement out',
      (r: GateRepo) => r.write(REQS, 'requirements:\n  - { id: REQ-1 }\n'),
    ],
    [
      'unlists it from the manifest',
      (r: GateRepo) => editManifest(r, (t) => t.replace(`requirement_files: [${REQS}]\n`, '')),
    ],
    [
      'lowers its maturity out of reach',
      (r: GateRepo) =>
        r.write(
          REQS,
          REQ_TEXT.replace('risks: [RISK-3] }', 'risks: [RISK-3], maturity: regulated_ready }'),
        ),
    ],
  ])(
    'under a base, a change that %s (committed) still gets the base requirement',
    async (_, drop) => {
      const r = repo();
      r.git('checkout', '-q', '-b', 'feature');
      drop(r);
      r.commit('drop the requirement');
      const own = await r.run(['claim', '--scope', 'project', '--no-record', '--json']);
      const base = await blockersOf(r, 'project', ['--base', 'main']);
      expect(namesReq(base), JSON.stringify(base)).toBe(true);
      expect(own.code).toBe(1);
    },
  );
});
