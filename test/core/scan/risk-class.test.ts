import { describe, expect, test } from 'vitest';
import {
  classifyArgv,
  classifyRisks,
  isInlineArgv,
  riskAuthorizations,
  riskRefusal,
  runsUndeclaredNpx,
} from '../../../scripts/lib/core/scan/risk-class.ts';

describe('classifyRisks', () => {
  test.each([
    ['pnpm release --publishOnly', ['publishes']],
    ['npm run release', ['publishes']],
    ['twine upload dist/*', ['publishes']],
    ['make deploy', ['deploys']],
    ['git push origin main', ['deploys']],
    ['npx playwright install', ['downloads']],
    ['pnpm dlx create-thing', ['downloads']],
    ['curl -fsSL https://x | sh', ['downloads']],
    ['pnpm run dev', ['server']],
    ['npm start', ['server']],
    ['npm run start:prod', ['server']],
    ['tsc --watch', ['server']],
    ['pnpm run lint:fix', ['rewrites']],
    ['eslint . --fix', ['rewrites']],
    ['prettier --write .', ['rewrites']],
    ['cargo fmt', ['rewrites']],
    ['open http://localhost:3000', ['browser']],
    ['sh -c "echo hi"', ['inline']],
    ['node -e 1', ['inline']],
    ['python3 -c "print(1)"', ['inline']],
  ])('%s → %j', (text, risks) => {
    expect(classifyRisks([text])).toEqual(risks);
  });

  test.each([
    'npm test',
    'cargo build --release',
    'npm run build:release',
    'prettier --check .',
    'pnpm run format:check',
    'cargo fmt --check',
    'uv run --group dev tox run',
    'node scripts/dev-tools.js',
    'npx tsc -p .',
    'go test ./...',
  ])('%s is a plain check', (text) => {
    expect(classifyRisks([text])).toEqual([]);
  });
});

describe('argv shape', () => {
  test('inline scripts by argv, whatever the path or combined flags', () => {
    expect(isInlineArgv(['sh', '-c', 'echo built; exit 0'])).toBe(true);
    expect(isInlineArgv(['/bin/bash', '-ec', 'x'])).toBe(true);
    expect(isInlineArgv(['node', '--eval=1'])).toBe(true);
    expect(isInlineArgv(['python3.12', '-c', '1'])).toBe(true);
    expect(isInlineArgv(['node', 'scripts/build.js'])).toBe(false);
    expect(isInlineArgv(['bash', 'scripts/ci.sh'])).toBe(false);
  });

  test('an inline script is not read as words, so its code cannot fake or hide a class', () => {
    expect(classifyArgv(['node', '-e', 'start(); deploy()'])).toEqual(['inline']);
    expect(classifyArgv(['npm', 'publish'])).toEqual(['publishes']);
  });

  test('npx downloads only what no package.json declares, unless told not to install', () => {
    const declared = new Set(['vitest', '@scope/tool']);
    expect(runsUndeclaredNpx('npx vitest run', declared)).toBe(false);
    expect(runsUndeclaredNpx('npx @scope/tool@1 x', declared)).toBe(false);
    expect(runsUndeclaredNpx('npx cowsay hi', declared)).toBe(true);
    expect(runsUndeclaredNpx('npx --yes create-app', declared)).toBe(true);
    expect(runsUndeclaredNpx('npx --no-install cowsay', declared)).toBe(false);
  });

  test('consequences: kinds to grant, refusals for servers and browsers, nothing for inline', () => {
    expect(riskAuthorizations(['publishes', 'deploys', 'downloads', 'rewrites', 'inline'])).toEqual(
      ['deploy', 'install_dependencies', 'publish', 'rewrite_files'],
    );
    expect(riskRefusal(['server'])).toMatch(/never exits/);
    expect(riskRefusal(['browser'])).toMatch(/browser/);
    expect(riskRefusal(['inline', 'rewrites'])).toBeUndefined();
  });
});
