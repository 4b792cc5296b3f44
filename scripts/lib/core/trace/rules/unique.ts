import type { SelectorSpec } from '../pack.ts';
import { compileCount } from './at-most.ts';
import { defineRule } from './define-rule.ts';

/** At most one matching event per `key` value. */
export const uniqueRule = defineRule<{ match: SelectorSpec; key: string }>({
  type: 'unique',
  describe: 'at most one matching event per `key` value',
  compile: (spec, report) => compileCount({ match: spec.match, key: spec.key, max: 1 }, report),
});
