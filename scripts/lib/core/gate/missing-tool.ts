// A command that exits 127 because a tool it calls is not installed did not judge the code: it is
// BLOCKED (environment), named by the tool, never a FAIL like failing tests.

const NOT_FOUND = [
  // `sh: 1: xo: not found`, `bash: line 1: cargo: command not found`, `sh: pytest: command not found`
  /(?:^|\n)(?:[^\n]*?: )?([^\s:]+): (?:command )?not found/,
  /(?:^|\n)([^\s:]+): No such file or directory/,
];

/** The missing tool's name when `exitCode` is 127 and the output says so; otherwise undefined. */
export function findMissingTool(exitCode: number | null, output: string): string | undefined {
  if (exitCode !== 127) return undefined;
  for (const pattern of NOT_FOUND) {
    const match = pattern.exec(output);
    if (match?.[1] !== undefined) return match[1];
  }
  return 'a command (exit 127: command not found)';
}
