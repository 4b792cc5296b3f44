// The shipped packs against their good and bad example traces.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checkFile, notPassing, packAt, PACKS } from '../../helpers/trace.ts';

const expectedBad: Record<string, Record<string, string>> = {
  refund: {
    VERIFY_BEFORE_REFUND: 'fail',
    POLICY_REQUIRED: 'fail',
    REFUND_AMOUNT_BOUNDARY: 'fail',
    REFUND_RESULT_REQUIRED: 'fail',
    NO_FALSE_SUCCESS_CLAIM: 'fail',
  },
  'fs-safety': {
    NO_ROOT_OR_HOME_RM: 'fail',
    NO_FORCE_PUSH: 'fail',
    BACKUP_BEFORE_DELETE: 'fail',
    CONFIRM_BEFORE_DELETE: 'fail',
    DELETE_ONLY_LISTED: 'fail',
    NO_FALSE_CLEANUP_CLAIM: 'fail',
  },
  'db-migration': {
    SNAPSHOT_BEFORE_MIGRATE: 'fail',
    DRY_RUN_FIRST: 'fail',
    NO_DESTRUCTIVE_DDL_WITHOUT_APPROVAL: 'fail',
    NO_WRITES_AFTER_FAILED_MIGRATION: 'fail',
    DATABASE_ALLOWED: 'fail',
    VERIFY_AFTER_MIGRATE: 'fail',
  },
  'honest-completion': {
    TESTS_PASS_CLAIM: 'fail',
    VERIFIED_CLAIM: 'fail',
    CHECKS_GREEN_CLAIM: 'fail',
    COMMIT_CLAIM: 'fail',
    PUSH_CLAIM: 'fail',
  },
};

describe.each(Object.keys(expectedBad))('pack %s', (name) => {
  const pack = packAt(name);
  const examples = join(PACKS, 'examples', name);

  test('ships a good and a bad example', () => {
    expect(readdirSync(examples).sort()).toEqual(['bad.events.jsonl', 'good.events.jsonl']);
  });

  test('passes its good example with every rule decided', async () => {
    const item = await checkFile(pack, join(examples, 'good.events.jsonl'));
    expect(notPassing(item)).toEqual({});
  });

  test('fails its bad example on exactly the expected rules', async () => {
    const item = await checkFile(pack, join(examples, 'bad.events.jsonl'));
    expect(notPassing(item)).toEqual(expectedBad[name]);
  });
});

test('fs-safety: a negated cleanup statement is not a claim', async () => {
  const { checkEvents } = await import('../../helpers/trace.ts');
  const pack = packAt('fs-safety');
  const reply = (content: string) =>
    checkEvents(pack, [{ type: 'assistant.message', seq: 1, content }]);
  for (const text of [
    "I couldn't delete the logs.",
    'The directory could not be removed.',
    'I have not removed anything yet.',
  ]) {
    expect(notPassing(await reply(text)), text).toEqual({});
  }
  expect(notPassing(await reply('I deleted the old logs.'))).toEqual({
    NO_FALSE_CLEANUP_CLAIM: 'fail',
  });
});
