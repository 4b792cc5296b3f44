// Pins every `uses: owner/repo[/path]@ref` of a workflow to a full commit SHA (references/init.md
// "--scaffold-ci"). A pin is never invented: it comes from the template itself (which ships with
// the commit of each action's release tag), from a workflow the repository already pins, or from
// --pin (which replaces the template's); an action no source pins is reported, and nothing is
// written.
export interface ActionPin {
  sha: string;
  /** Where the pin came from: a file, or `--pin`. */
  from: string;
}

const USES =
  /^(\s*(?:-\s+)?uses:\s*)(["']?)([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)((?:\/[^@\s"']*)?)@([^\s"'#]+)\2(.*)$/;
const SHA = /^[0-9a-f]{40}$/;

/** owner/repo: sub-actions (github/codeql-action/upload-sarif) share their repository's commit. */
export function collectPins(
  files: readonly { file: string; text: string }[],
): Map<string, ActionPin> {
  const pins = new Map<string, ActionPin>();
  for (const { file, text } of files) {
    for (const line of text.split('\n')) {
      const m = USES.exec(line);
      const [, , , repo = '', , ref = ''] = m ?? [];
      if (m !== null && SHA.test(ref) && !pins.has(repo)) pins.set(repo, { sha: ref, from: file });
    }
  }
  return pins;
}

export interface PinnedWorkflow {
  text: string;
  /** Actions no source pins: `owner/repo@ref` as the template names them. */
  unresolved: string[];
}

export function pinWorkflow(
  template: string,
  pins: ReadonlyMap<string, ActionPin>,
): PinnedWorkflow {
  const unresolved: string[] = [];
  const lines = template.split('\n').map((line) => {
    const m = USES.exec(line);
    if (m === null) return line;
    const [, lead = '', quote = '', repo = '', path = '', ref = '', rest = ''] = m;
    const pin = pins.get(repo);
    // A commit the template pins stays, unless --pin names another one for that action.
    if (SHA.test(ref) && (pin === undefined || pin.sha === ref || pin.from !== '--pin'))
      return line;
    if (pin === undefined) {
      unresolved.push(`${repo}@${ref}`);
      return line;
    }
    const named = SHA.test(ref) ? `pins ${ref.slice(0, 12)}` : `names ${ref}`;
    const note = ` # pinned from ${pin.from} (the template ${named})`;
    const keep = rest.trim() !== '' && !SHA.test(ref);
    return `${lead}${quote}${repo}${path}@${pin.sha}${quote}${keep ? rest : note}`;
  });
  return { text: lines.join('\n'), unresolved: [...new Set(unresolved)] };
}

/** `owner/repo=<40 hex>` as given to --pin, or undefined when malformed. */
export function parsePin(text: string): { repo: string; sha: string } | undefined {
  const m = /^([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)=([0-9a-f]{40})$/.exec(text);
  return m === null ? undefined : { repo: m[1] ?? '', sha: m[2] ?? '' };
}
