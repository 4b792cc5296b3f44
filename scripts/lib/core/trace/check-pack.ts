// Semantic checks on a schema-valid pack (see ARCHITECTURE.md): each rule is a small function that
// pushes located problems; all are collected before failing once.
import { compileRegex, isRegexLiteral } from './condition.ts';
import type { Pack } from './pack.ts';

type PackRule = (pack: Pack, problems: string[]) => void;

const uniqueIds: PackRule = (pack, problems) => {
  const seen = new Map<string, number>();
  pack.rules.forEach((rule, i) => {
    const first = seen.get(rule.id);
    if (first !== undefined)
      problems.push(`/rules/${i}/id: duplicate rule id ${rule.id} (first at /rules/${first})`);
    else seen.set(rule.id, i);
  });
};

const regexesCompile: PackRule = (pack, problems) => {
  const visit = (value: unknown, where: string): void => {
    if (typeof value === 'string' && isRegexLiteral(value)) {
      try {
        compileRegex(value);
      } catch (error) {
        problems.push(
          `${where}: invalid regular expression ${value} (${error instanceof Error ? error.message : 'error'})`,
        );
      }
    } else if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${where}/${i}`));
    else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value))
        visit(v, `${where}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  visit(pack.rules, '/rules');
  visit(pack.tools ?? {}, '/tools');
};

const aliasesUnambiguous: PackRule = (pack, problems) => {
  const owner = new Map<string, string>();
  for (const [name, policy] of Object.entries(pack.tools ?? {})) {
    for (const alias of policy.aliases ?? []) {
      const other = owner.get(alias);
      if (other !== undefined)
        problems.push(`/tools/${name}/aliases: alias ${alias} is also an alias of ${other}`);
      else owner.set(alias, name);
    }
  }
};

const packRules: readonly PackRule[] = [uniqueIds, regexesCompile, aliasesUnambiguous];

export function checkPack(pack: Pack): string[] {
  const problems: string[] = [];
  for (const rule of packRules) rule(pack, problems);
  return problems;
}
