// Pins every `uses: owner/repo[/path]@ref` of a workflow to a full commit SHA (references/init.md
// "--scaffold-ci"). A pin is never invented: it comes from the template itself, from a workflow
// the repository already pins, or from --pin; an action no source pins is reported, and nothing
// is written.
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
    if (SHA.test(ref)) return line;
    const pin = pins.get(repo);
    if (pin === undefined) {
      unresolved.push(`${repo}@${ref}`);
      return line;
    }
    const note = ` # pinned from ${pin.from} (the template names ${ref})`;
    return `${lead}${quote}${repo}${path}@${pin.sha}${quote}${rest.trim() === '' ? note : rest}`;
  });
  return { text: lines.join('\n'), unresolved: [...new Set(unresolved)] };
}

/** `owner/repo=<40 hex>` as given to --pin, or undefined when malformed. */
export function parsePin(text: string): { repo: string; sha: string } | undefined {
  const m = /^([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)=([0-9a-f]{40})$/.exec(text);
  return m === null ? undefined : { repo: m[1] ?? '', sha: m[2] ?? '' };
}
