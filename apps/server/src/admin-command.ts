import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { HttpError } from './errors.js';

/**
 * The admin command's building blocks. Each module contributes commands from its own
 * `modules/<x>/admin-commands.ts`; `admin.ts` lists them. Exit codes: 0 ok, 1 failure (e.g. an
 * unknown organisation, a duplicate e-mail), 2 usage (unknown command or flag, a missing or
 * malformed value).
 */
export type Flags = Record<string, string>;

export interface AdminIo {
  out(line: string): void;
  err(line: string): void;
}

export interface AdminContext extends AdminIo {
  config: Config;
  database: Database;
}

export interface AdminCommand {
  name: string;
  summary: string;
  /** Flags as shown in the help, e.g. `--name <name> [--tau-url <url>]`. */
  usage: string;
  /** Every flag the command accepts; any other is a usage error. */
  flags: readonly string[];
  run(context: AdminContext, flags: Flags): Promise<void>;
}

/** Wrong use of the command (exit code 2). */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The command was understood but could not be done (exit code 1). */
export class CommandError extends Error {
  override name = 'CommandError';
}

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** `--name value`, `--name=value`; a flag without a value is a usage error. */
export function parseFlags(args: readonly string[]): Flags {
  const flags: Flags = {};
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (!arg.startsWith('--') || arg === '--')
      throw new UsageError(`Unexpected argument "${arg}".`);
    const equals = arg.indexOf('=');
    const name = equals === -1 ? arg.slice(2) : arg.slice(2, equals);
    let value: string | undefined;
    if (equals !== -1) value = arg.slice(equals + 1);
    else if (index + 1 < args.length && !args[index + 1]!.startsWith('--')) value = args[++index];
    if (value === undefined) throw new UsageError(`--${name} needs a value.`);
    if (name in flags) throw new UsageError(`--${name} is given twice.`);
    flags[name] = value;
  }
  return flags;
}

export function requireFlag(flags: Flags, name: string): string {
  const value = flags[name]?.trim();
  if (!value) throw new UsageError(`--${name} is required.`);
  return value;
}

export function positiveId(value: string, flag: string): number {
  const id = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(id) || id <= 0) {
    throw new UsageError(`--${flag} must be a positive whole number (got "${value}").`);
  }
  return id;
}

/** An optional id flag: undefined when absent, else a positive whole number. */
export function optionalPositiveId(value: string | undefined, flag: string): number | undefined {
  return value === undefined ? undefined : positiveId(value, flag);
}

// C0 and C1 controls (escape sequences, carriage returns, bells, newlines), DEL, and the
// invisible bidirectional overrides that reorder what a terminal shows.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_FOR_TERMINAL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Pure: text a terminal shows as it is, with every control character written as a visible
 * escape (`\x1B`, `\u202E`): names and e-mails come from strangers and must not drive the
 * staff member's terminal.
 */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE_FOR_TERMINAL, (char) => {
    const code = char.charCodeAt(0);
    return code < 0x100
      ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`
      : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  });
}

/** Lines of a plain table, columns padded to their widest cell (cells made terminal-safe). */
export function table(headers: string[], unsafeRows: string[][]): string[] {
  const rows = unsafeRows.map((row) => row.map(terminalSafe));
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)];
}

export function helpText(commands: readonly AdminCommand[]): string[] {
  const width = Math.max(...commands.map((command) => command.name.length));
  return [
    'Usage: npm run admin -- <command> [--flags]',
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'Run `npm run admin -- <command> --help` for its flags.',
  ];
}

/**
 * Runs one command line against an open database and answers the exit code. Service errors
 * (HttpError) map to 2 for invalid input (400) and 1 otherwise.
 */
export async function runCommand(
  commands: readonly AdminCommand[],
  argv: readonly string[],
  open: () => Promise<Omit<AdminContext, keyof AdminIo> & { close(): Promise<void> }>,
  unsafeIo: AdminIo,
): Promise<number> {
  // Every line goes out terminal-safe, whatever a command interpolates into it.
  const io: AdminIo = {
    out: (line) => unsafeIo.out(terminalSafe(line)),
    err: (line) => unsafeIo.err(terminalSafe(line)),
  };
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help') {
    for (const line of helpText(commands)) (name ? io.out : io.err)(line);
    return name ? EXIT_OK : EXIT_USAGE;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    io.err(`Unknown command "${name}".`);
    for (const line of helpText(commands)) io.err(line);
    return EXIT_USAGE;
  }
  if (rest.includes('--help')) {
    io.out(`Usage: npm run admin -- ${command.name} ${command.usage}`.trimEnd());
    io.out(command.summary);
    return EXIT_OK;
  }
  let flags: Flags;
  try {
    flags = parseFlags(rest);
    const unknown = Object.keys(flags).filter((flag) => !command.flags.includes(flag));
    if (unknown.length > 0) throw new UsageError(`Unknown flag --${unknown[0]}.`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(error.message);
    io.err(`Usage: npm run admin -- ${command.name} ${command.usage}`.trimEnd());
    return EXIT_USAGE;
  }

  let opened;
  try {
    opened = await open();
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return EXIT_FAILURE;
  }
  try {
    await command.run({ ...opened, ...io }, flags);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof UsageError || (error instanceof HttpError && error.statusCode === 400)) {
      io.err(error.message);
      if (error instanceof UsageError) {
        io.err(`Usage: npm run admin -- ${command.name} ${command.usage}`.trimEnd());
      }
      return EXIT_USAGE;
    }
    if (error instanceof CommandError || error instanceof HttpError) {
      io.err(error.message);
      return EXIT_FAILURE;
    }
    io.err(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT_FAILURE;
  } finally {
    await opened.close();
  }
}
