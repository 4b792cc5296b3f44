import { describe, expect, test } from 'vitest';
import { classifyAuthorization } from '../../../scripts/lib/core/scan/authorization.ts';
import { classifyRisks, riskAuthorizations } from '../../../scripts/lib/core/scan/risk-class.ts';
import { splitShellWords } from '../../../scripts/lib/core/scan/shell-words.ts';

/** What adopting the text would require: the direct kinds plus those of its risk classes. */
function needs(text: string): string[] {
  const kinds = [...classifyAuthorization([text]), ...riskAuthorizations(classifyRisks([text]))];
  return [...new Set(kinds)].sort();
}

describe('splitShellWords', () => {
  test.each([
    ['npm test', ['npm', 'test']],
    ['  go   test ./...  ', ['go', 'test', './...']],
    [
      'npx eslint "src/**/*.ts" --max-warnings 0',
      ['npx', 'eslint', 'src/**/*.ts', '--max-warnings', '0'],
    ],
    ["pytest -k 'not slow'", ['pytest', '-k', 'not slow']],
    ['echo ""', ['echo', '']],
    ['make check\n', ['make', 'check']],
  ])('%j → argv', (text, argv) => {
    expect(splitShellWords(text)).toEqual({ ok: true, argv });
  });

  test.each([
    ['npm ci && npm test', 'needs a shell: background or && chaining (&)'],
    ['npm test | tee log', 'needs a shell: a pipe (|)'],
    ['echo $HOME', 'needs a shell: variable or command expansion ($)'],
    ['ls src/*.ts', 'needs a shell: glob expansion (*)'],
    ['npm test\nnpm run lint', 'a multi-line script needs a shell'],
    ['echo "${{ secrets.X }}"', 'uses a CI expression (${{ }})'],
    ['CI=1 npm test', 'sets environment variables inline (needs a shell)'],
    ['cd web', '"cd" is a shell builtin'],
    ['echo "unterminated', 'unbalanced quote'],
    ['echo "a$b"', 'expansion inside double quotes ($)'],
    ['  ', 'empty command'],
  ])('%j is refused: %s', (text, reason) => {
    expect(splitShellWords(text)).toEqual({ ok: false, reason });
  });
});

describe('classifyAuthorization', () => {
  test.each([
    ['npm ci', ['install_dependencies']],
    ['npm install', ['install_dependencies']],
    ['pip install -r requirements.txt', ['install_dependencies']],
    ['yarn', ['install_dependencies']],
    ['git push origin main', ['deploy']],
    ['docker push img', ['deploy']],
    ['npm publish', ['publish']],
    ['make deploy', ['deploy']],
    ['sudo make install', ['privileged']],
    ['terraform apply', ['deploy', 'production_mutation']],
  ])('%s needs %j', (text, kinds) => {
    expect(needs(text)).toEqual(kinds);
  });

  test.each([
    'npm run test',
    'npm test',
    'make check',
    'go test ./...',
    'yarn run lint',
    'npm run lint:yarn',
    'pytest',
  ])('%s needs nothing', (text) => {
    expect(needs(text)).toEqual([]);
  });
});
