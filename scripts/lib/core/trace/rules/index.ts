// The rule-primitive table: one file per primitive, each registered here (a test checks that).
import { argBoundRule } from './arg-bound.ts';
import { argRule } from './arg.ts';
import { atMostRule } from './at-most.ts';
import { beforeRule } from './before.ts';
import { claimRequiresRule } from './claim-requires.ts';
import type { RuleType } from './define-rule.ts';
import { finalClaimRule } from './final-claim.ts';
import { finalMentionsRule } from './final-mentions.ts';
import { forbidRule } from './forbid.ts';
import { noOrphansRule } from './no-orphans.ts';
import { notAfterRule } from './not-after.ts';
import { requireRule } from './require.ts';
import { resultRequiredRule } from './result-required.ts';
import { sequenceRule } from './sequence.ts';
import { uniqueRule } from './unique.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry has its own spec type
export const ruleTypes: readonly RuleType<any>[] = [
  requireRule,
  forbidRule,
  beforeRule,
  notAfterRule,
  atMostRule,
  uniqueRule,
  argRule,
  argBoundRule,
  resultRequiredRule,
  noOrphansRule,
  claimRequiresRule,
  finalMentionsRule,
  finalClaimRule,
  sequenceRule,
];
