// Golden init transcripts (see ARCHITECTURE.md): scan, init and the files init wrote, on one fixture
// repository per kind of project. Update with `npm run golden:update` and review the diff.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { makeRepo, runVerb, writeFiles } from '../helpers/plane-cli.ts';

const profile = (decisions: string): string => `${decisions.trim()}\nproject_name: fixture\n`;

const CASES: Record<string, { files: Record<string, string>; profile: string }> = {
  'node-library': {
    files: {
      'package.json': JSON.stringify({ name: 'lib', scripts: { build: 'tsc -p .', test: 'vitest run', lint: 'eslint .', prepublishOnly: 'npm run build' } }, null, 2),
      'package-lock.json': '{}',
      'src/index.ts': 'export const x = 1;\n',
      'test/index.test.ts': '',
      LICENSE: 'MIT\n',
      '.gitignore': 'dist/\n',
      'dist/index.js': 'ignored',
    },
    profile: profile(`development_mode: human_greenfield
target_maturity: engineering_ready
product_type: [library]
distribution_model: open_source
criticality: low
data_sensitivity: public
ai_system: false
scope_mode: full_repo`),
  },
  'python-service': {
    files: {
      'pyproject.toml': '[project]\nname = "svc"\n[tool.pytest.ini_options]\n',
      'poetry.lock': '',
      'svc/app.py': '',
      'tests/test_app.py': '',
      Makefile: '.PHONY: test lint\ntest:\n\tpytest -q\nlint:\n\truff check .\ninstall:\n\tpip install -e .\n',
    },
    profile: profile(`development_mode: ai_brownfield
target_maturity: production_ready
product_type: [service]
distribution_model: saas
criticality: high
data_sensitivity: confidential
ai_system: false
scope_mode: full_repo
recorded:
  market: [eu]
  support_model: managed`),
  },
  'go-cli': {
    files: { 'go.mod': 'module example.com/tool\n\ngo 1.22\n', 'go.sum': '', 'main.go': 'package main\n', 'cmd/run_test.go': '', justfile: 'test:\n  go test ./...\nrelease version:\n  goreleaser\n' },
    profile: profile(`development_mode: human_brownfield
target_maturity: prototype
product_type: [cli]
distribution_model: open_source
criticality: medium
data_sensitivity: public
ai_system: false
scope_mode: full_repo`),
  },
  'npm-workspaces': {
    files: {
      'package.json': JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*'], scripts: { test: 'npm test --workspaces' } }, null, 2),
      'yarn.lock': '',
      'packages/core/package.json': JSON.stringify({ name: '@m/core', scripts: { test: 'node --test', build: 'tsc' } }, null, 2),
      'packages/web/package.json': JSON.stringify({ name: '@m/web', scripts: { dev: 'vite', deploy: 'vercel --prod' } }, null, 2),
      'packages/core/src/a.ts': '',
    },
    profile: profile(`development_mode: ai_greenfield
target_maturity: engineering_ready
product_type: [library, web_app]
distribution_model: open_core
criticality: medium
data_sensitivity: internal
ai_system: false
scope_mode: subproject
scope:
  include: [packages/core/**]`),
  },
  'actions-agents': {
    files: {
      'AGENTS.md': '# Agent rules\n- run the tests before saying done\n',
      '.cursor/rules/style.mdc': 'prefer small functions\n',
      '.github/workflows/ci.yml': 'name: CI\non: [push]\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci\n      - name: Test\n        run: npm test\n      - name: Report\n        run: |\n          npm run coverage\n          cat coverage/summary.txt | tee -a $GITHUB_STEP_SUMMARY\n',
      'package.json': JSON.stringify({ name: 'agent', scripts: { test: 'node --test' } }, null, 2),
      'package-lock.json': '{}',
      'agent/main.py': '',
    },
    profile: profile(`development_mode: ai_greenfield
target_maturity: production_ready
product_type: [ai_agent]
distribution_model: private_commercial
criticality: medium
data_sensitivity: internal
ai_system: true
scope_mode: full_repo
unmapped_instructions: block`),
  },
  'empty-repo': {
    files: {},
    profile: profile(`development_mode: human_greenfield
target_maturity: regulated_ready
product_type: [other]
distribution_model: private_commercial
criticality: critical
data_sensitivity: regulated
ai_system: false
scope_mode: full_repo`),
  },
};

function normalise(text: string): string {
  return text.replace(/pg-[0-9a-f]{16}/g, 'pg-<ledger-id>');
}

describe('golden init', () => {
  test.each(Object.keys(CASES))('%s', async (name) => {
    const fixture = CASES[name]!;
    const dir = makeRepo(fixture.files);
    writeFiles(dir, { '../profile.yaml': fixture.profile });
    const sections = [`# init golden: ${name}`, ''];
    const record = async (args: string[]): Promise<void> => {
      const run = await runVerb(args, dir);
      sections.push(`## proofgate ${args.join(' ')}`, '', '```text', run.stdout.trimEnd(), '```');
      if (run.stderr !== '') sections.push('', 'stderr:', '', '```text', run.stderr.trimEnd(), '```');
      sections.push('', `Exit code: ${run.code}`, '');
    };
    await record(['scan']);
    await record(['init', '--profile', '../profile.yaml']);
    for (const file of ['controls/manifest.yaml', 'controls/registry.yaml', 'INDEX.md']) {
      const text = readFileSync(join(dir, '.proofgate', file), 'utf8');
      sections.push(`## .proofgate/${file}`, '', `\`\`\`${file.endsWith('.md') ? 'markdown' : 'yaml'}`, text.trimEnd(), '```', '');
    }
    await record(['init', '--profile', '../profile.yaml']);
    await expect(normalise(sections.join('\n'))).toMatchFileSnapshot(`./init/${name}.md`);
  });
});

describe('golden init refusals and template', () => {
  test('template, an invalid profile, and a directory that is not a git repository', async () => {
    const repo = makeRepo({ 'profile.yaml': 'development_mode: ai\ntarget_maturity: done\nproduct_type: []\nextra: 1\n' });
    const plain = makeRepo({}, false);
    const sections = ['# init golden: refusals and template', ''];
    for (const [args, cwd] of [
      [['init', '--template'], repo],
      [['init', '--profile', 'profile.yaml', '--criticality', 'severe', '--no-ai-system'], repo],
      [['init', '--profile', 'missing.yaml'], repo],
      [['init', '--development-mode', 'human_greenfield'], plain],
      [['init', '--scaffold-ci'], repo],
    ] as const) {
      const run = await runVerb(args, cwd);
      sections.push(`## proofgate ${args.join(' ')}`, '', '```text', run.stdout.trimEnd(), '```');
      if (run.stderr !== '') sections.push('', 'stderr:', '', '```text', run.stderr.replaceAll(plain, '<tmp>').trimEnd(), '```');
      sections.push('', `Exit code: ${run.code}`, '');
    }
    await expect(sections.join('\n')).toMatchFileSnapshot('./init/refusals.md');
  });
});

