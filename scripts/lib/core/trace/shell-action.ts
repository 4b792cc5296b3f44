// One vocabulary for shell commands, whatever the vendor: every shell tool call carries the
// command it runs as one string in `args.command`. Vendors spell it differently (Claude Code
// `Bash` {command: "ls"}, OpenAI Responses `shell_call` {commands: [...]}, `local_shell_call`
// and Codex `shell` {command: ["bash", "-lc", "ls"]}, `exec_command` {cmd: "ls"}); a rule written
// against `args.command` must see the same text for all of them. A call that runs several
// commands becomes one call per command (see createSink), so a rule judges each command alone.
import { asRecord, isList } from './adapters/shared.ts';
import type { Rec } from './adapters/shared.ts';

/** Tool names that run shell commands, as the vendors name them. */
const SHELL_TOOLS = new Set([
  'Bash',
  'bash',
  'bash_code_execution',
  'shell',
  'shell_call',
  'local_shell_call',
  'container.exec',
  'run_shell_command',
  'exec_command',
]);

export function isShellTool(name: string): boolean {
  if (SHELL_TOOLS.has(name)) return true;
  return name.startsWith('mcp__') && /^mcp__.+__(?:bash|shell)$/.test(name);
}

const SAFE_WORD = /^[\w@%+=:,./~-]+$/;
const SHELL_C = /^(?:\S*\/)?(?:ba|z|da|k)?sh$/;

/** An argv as the command line a person would type; `bash -lc <script>` is the script itself. */
function argvText(argv: readonly string[]): string {
  const [program, flag, script] = argv;
  if (
    argv.length === 3 &&
    program !== undefined &&
    SHELL_C.test(program) &&
    flag !== undefined &&
    /^-[a-z]*c$/.test(flag) &&
    script !== undefined
  )
    return script;
  return argv.map((a) => (SAFE_WORD.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

function strings(value: unknown): readonly string[] | undefined {
  return isList(value) && value.every((v) => typeof v === 'string') ? value : undefined;
}

export interface ShellArgs {
  /** The arguments without the command fields (`commands`, `cmd`, an argv `command`). */
  rest: Rec;
  /** One string per command, in the order they run. */
  commands: string[];
}

/**
 * The commands of a shell call's arguments, or undefined when they carry none of the known
 * fields (the arguments are then left as they are).
 */
export function shellCommands(args: unknown): ShellArgs | undefined {
  const rec = asRecord(args);
  if (rec === undefined) return undefined;
  const { commands, command, cmd, ...rest } = rec;
  const list = strings(commands);
  if (list !== undefined && command === undefined && cmd === undefined)
    return { rest, commands: [...list] };
  for (const value of [command, cmd]) {
    if (typeof value === 'string') return { rest: restOf(rec, commands), commands: [value] };
    const argv = strings(value);
    if (argv !== undefined && argv.length > 0)
      return { rest: restOf(rec, commands), commands: [argvText(argv)] };
  }
  return undefined;
}

/** `rest` keeps an unrelated `commands` field when the command came from `command`/`cmd`. */
function restOf(rec: Rec, commands: unknown): Rec {
  const { commands: _c, command: _a, cmd: _b, ...rest } = rec;
  return commands === undefined ? rest : { ...rest, commands };
}

/**
 * ok of one command's entry in a per-command output list (OpenAI shell outputs:
 * `{outcome: {type: "exit", exit_code}}` or `{outcome: {type: "timeout"}}`); `fallback` when the
 * entry does not say.
 */
export function entryOk(entry: unknown, fallback: boolean | null): boolean | null {
  const outcome = asRecord(asRecord(entry)?.['outcome']);
  if (outcome === undefined) return fallback;
  if (outcome['type'] === 'timeout') return false;
  const code = outcome['exit_code'];
  return typeof code === 'number' ? code === 0 : fallback;
}
