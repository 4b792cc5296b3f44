// The line under a failing command naming the environment variables it did not get.
/** Shown names of withheld variables; the rest are counted. */
const WITHHELD_SHOWN = 24;

/**
 * The withheld variables the failing command names (in its argv or output), then how many others
 * it did not get; nothing when it got everything.
 */
export function withheldLine(names: readonly string[] = [], others = 0): string | undefined {
  if (names.length === 0 && others === 0) return undefined;
  const shown = names.slice(0, WITHHELD_SHOWN).join(', ');
  const more = names.length > WITHHELD_SHOWN ? ` (+${names.length - WITHHELD_SHOWN} more)` : '';
  const rest =
    others === 0
      ? ''
      : `${names.length === 0 ? '' : '; '}${others} other${others === 1 ? '' : 's'} named neither by the command nor by its output`;
  return `           withheld environment (names only; pass more with policies.env_pass in controls/manifest.yaml): ${shown}${more}${rest}`;
}
