// Every adapter and rule file is registered (see ARCHITECTURE.md): the folder is the list.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { adapters } from '../../../scripts/lib/core/trace/adapters/index.ts';
import { ruleTypes } from '../../../scripts/lib/core/trace/rules/index.ts';
import { REPO } from '../../helpers/trace.ts';

const TRACE = join(REPO, 'scripts', 'lib', 'core', 'trace');

async function exportsOf(dir: string, helpers: string[]): Promise<[string, unknown[]][]> {
  const files = readdirSync(join(TRACE, dir)).filter(
    (f) => f.endsWith('.ts') && !helpers.includes(f),
  );
  return Promise.all(
    files.map(
      async (f) =>
        [f, Object.values((await import(join(TRACE, dir, f))) as object)] as [string, unknown[]],
    ),
  );
}

describe('registries', () => {
  test('every adapter file exports one registered adapter', async () => {
    const modules = await exportsOf('adapters', [
      'define-adapter.ts',
      'shared.ts',
      'index.ts',
      'anthropic-blocks.ts',
      'otel-spans.ts',
      'otel-messages.ts',
    ]);
    expect(modules.length).toBe(7);
    for (const [file, values] of modules) {
      const found = values.filter((v) => adapters.includes(v as never));
      expect(found, file).toHaveLength(1);
    }
    expect(new Set(adapters.map((a) => a.name)).size).toBe(adapters.length);
  });

  test('every rule file exports one registered primitive, and the schema lists exactly those', async () => {
    const modules = await exportsOf('rules', ['define-rule.ts', 'index.ts', 'evidence-tracker.ts']);
    for (const [file, values] of modules) {
      expect(
        values.filter((v) => ruleTypes.includes(v as never)),
        file,
      ).toHaveLength(1);
    }
    expect(modules.length).toBe(ruleTypes.length);
    const schema = (await import(join(REPO, 'controls', 'schema', 'trace-pack.schema.json'), {
      with: { type: 'json' },
    })) as {
      default: { $defs: { rule: { properties: { type: { enum: string[] } } } } };
    };
    expect([...schema.default.$defs.rule.properties.type.enum].sort()).toEqual(
      ruleTypes.map((r) => r.type).sort(),
    );
  });

  test('every adapter documents how its format says "tool failed"', () => {
    for (const adapter of adapters)
      expect(adapter.failure.length, adapter.name).toBeGreaterThan(10);
  });
});
