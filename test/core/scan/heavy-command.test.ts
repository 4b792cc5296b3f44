import { describe, expect, test } from 'vitest';
import { isHeavyCommand } from '../../../scripts/lib/core/scan/heavy-command.ts';

const candidate = (id: string, argv: string[]) => ({ id, argv, where: 'x:1', authorization: [] });

describe('isHeavyCommand', () => {
  test.each([
    ['npm:build', ['npm', 'run', 'build']],
    ['npm:build:prod', ['npm', 'run', 'build:prod']],
    ['make:compile', ['make', 'compile']],
    ['npm:test:e2e', ['npm', 'run', 'test:e2e']],
    ['npm:integration', ['npm', 'run', 'integration']],
    ['cargo:build', ['cargo', 'build', '--release']],
    ['ci:ci:build:mvn', ['mvn', '-B', 'verify']],
    ['npm:test', ['turbo', 'run', 'test']],
    ['ci:ci:test:pnpm', ['pnpm', '-r', 'test']],
  ])('%s runs alone', (id, argv) => {
    expect(isHeavyCommand(candidate(id, argv))).toBe(true);
  });

  test.each([
    ['npm:test', ['npm', 'run', 'test']],
    ['npm:lint', ['npm', 'run', 'lint']],
    ['npm:rebuild-docs', ['npm', 'run', 'rebuild-docs']],
    ['make:check', ['make', 'check']],
    ['cargo:test', ['cargo', 'test']],
    ['npm:prebuilt', ['npm', 'run', 'prebuilt']],
  ])('%s shares the pool', (id, argv) => {
    expect(isHeavyCommand(candidate(id, argv))).toBe(false);
  });
});
