import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { test } from './test';
import type { RunningServer } from './server';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const ADMIN_ENTRY = path.join(repoRoot, 'apps/server/dist/admin.js');

export interface Credentials {
  email: string;
  password: string;
}

/** The demo operator the server printed on its first start (e-mail and password lines). */
export function demoOperator(server: RunningServer): Credentials {
  const notes = server.output();
  const start = notes.indexOf('Demo sign-in');
  const email = /e-mail:\s+(\S+)/.exec(notes.slice(start))?.[1];
  const password = /password:\s+(\S+)/.exec(notes.slice(start))?.[1];
  if (start === -1 || !email || !password) {
    throw new Error(`the server printed no demo credentials:\n${notes}`);
  }
  return { email, password };
}

/**
 * Signs in the way a person does: the SPA's /signin page, its 'Sign in' button, our login page
 * under /idp, and back to the app (to `returnTo`, else the signed-in home).
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  credentials: Credentials,
  options: { returnTo?: string } = {},
): Promise<void> {
  const query = options.returnTo ? `?returnTo=${encodeURIComponent(options.returnTo)}` : '';
  await page.goto(`${baseUrl}/signin${query}`);
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await submitLogin(page, credentials);
  const target = new URL(options.returnTo ?? '/', baseUrl);
  await page.waitForURL(
    (url) =>
      url.origin === target.origin &&
      url.pathname === target.pathname &&
      !url.searchParams.has('code'),
  );
}

/** Fills and submits our login page (the browser must be on it, or on its way there). */
export async function submitLogin(page: Page, credentials: Credentials): Promise<void> {
  await page.waitForURL(/\/idp\/interaction\//);
  await page.getByLabel('E-mail').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Runs `npm run admin -- <args>` against the server's database; answers code and output. */
export async function adminCommand(
  server: RunningServer,
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [ADMIN_ENTRY, ...args], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: server.dataDir,
        PUBLIC_URL: server.url,
        PORT: String(server.port),
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/**
 * Authorises a user in the demo organisation with the admin command and answers the
 * single-use set-password link it printed.
 */
export async function authoriseUser(
  server: RunningServer,
  user: { name: string; email: string; organisation?: string },
): Promise<string> {
  const result = await adminCommand(server, [
    'authorise-user',
    '--name',
    user.name,
    '--email',
    user.email,
    '--organisation',
    user.organisation ?? 'Demo Organisation',
  ]);
  const link = /(http\S+\/idp\/password\?token=[\w-]+)/.exec(result.stdout)?.[1];
  if (result.code !== 0 || !link) {
    throw new Error(`authorise-user failed (${result.code}): ${result.stderr}${result.stdout}`);
  }
  return link;
}

/** Decodes the quoted-printable body of an .eml file enough to read its links. */
function readMail(file: string): { to: string; text: string } {
  const raw = fs.readFileSync(file, 'utf8');
  const text = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { to: /^To: (.+)$/m.exec(raw)?.[1]?.trim() ?? '', text };
}

/**
 * The newest password link mailed to `to`, waiting for the outbox to receive it; with
 * `newerThan`, waits for a link other than that one.
 */
export async function mailedPasswordLink(
  server: RunningServer,
  to: string,
  options: { newerThan?: string } = {},
): Promise<string> {
  const dir = path.join(server.dataDir, 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const name of files) {
      const mail = readMail(path.join(dir, name));
      const link = /(http\S+\/idp\/password\?token=[\w-]+)/.exec(mail.text)?.[1];
      if (mail.to !== to || !link) continue;
      if (link !== options.newerThan) return link;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no password mail for ${to} in ${dir}`);
}

/** Sets a password on the page a password link opens. */
export async function choosePassword(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the new password').fill(password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await page.getByRole('heading', { name: 'Password saved' }).waitFor();
}

/**
 * An organisation made as the provider's staff make one (`create-organisation`, then
 * `authorise-user`): it holds no plan. Its first user chooses a password on `page`; answers the
 * credentials to sign in with.
 */
export async function staffOrganisation(
  server: RunningServer,
  page: Page,
  organisation: { name: string; user: string; email: string; password: string },
): Promise<Credentials> {
  const created = await adminCommand(server, ['create-organisation', '--name', organisation.name]);
  if (created.code !== 0) {
    throw new Error(`create-organisation failed (${created.code}): ${created.stderr}`);
  }
  const link = await authoriseUser(server, {
    name: organisation.user,
    email: organisation.email,
    organisation: organisation.name,
  });
  await choosePassword(page, link, organisation.password);
  return { email: organisation.email, password: organisation.password };
}

/**
 * For the spec that calls this at its top level (after `launchServer`): before its first test,
 * an organisation made by staff (see staffOrganisation). Answers its user's credentials.
 */
export function staffOrganisationForSpec(
  app: { server(): RunningServer },
  organisation: { name: string; user: string; email: string; password: string },
): () => Credentials {
  let credentials: Credentials | null = null;
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    credentials = await staffOrganisation(app.server(), page, organisation);
    await page.close();
  });
  return () => {
    if (!credentials) throw new Error('the staff organisation is not made yet');
    return credentials;
  };
}
