import { admin } from '../../src/admin.js';

export interface AdminRun {
  code: number;
  out: string;
  err: string;
}

/** `npm run admin -- ...argv` in process on `env`, with what it printed to each stream. */
export async function runAdmin(env: Record<string, string>, ...argv: string[]): Promise<AdminRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await admin(argv, env, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
