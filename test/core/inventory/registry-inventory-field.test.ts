// The registry's `inventory: none` (the command runs no tests): validated by the registry schema,
// anything else refused with the field's path, as every registry field is.
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../scripts/lib/core/errors.ts';
import { validateRegistry } from '../../../scripts/lib/core/plane/validate.ts';

const registry = (inventory: unknown) => ({
  version: 1,
  controls: [
    {
      id: 'ENG.LINT',
      title: 'lint',
      owner: 'virtual:developer',
      requirements: [],
      risks: [],
      applies: { value: true },
      required_from_maturity: 'prototype',
      execution: { type: 'command', argv: ['npx', 'eslint', '.'] },
      evidence_required: ['output'],
      ...(inventory === undefined ? {} : { inventory }),
    },
  ],
});

describe('registry field inventory', () => {
  it('none is accepted; absent is the default', () => {
    expect(validateRegistry(registry('none'), 'registry.yaml').controls[0]?.inventory).toBe('none');
    expect(
      validateRegistry(registry(undefined), 'registry.yaml').controls[0]?.inventory,
    ).toBeUndefined();
  });
  it('any other value is a configuration error naming the field', () => {
    let problems: readonly string[] = [];
    try {
      validateRegistry(registry('some'), 'registry.yaml');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).exitCode).toBe(2);
      problems = (error as ConfigError).problems;
    }
    expect(problems).toEqual([expect.stringMatching(/^registry\.yaml:\/controls\/0\/inventory: /)]);
  });
});
