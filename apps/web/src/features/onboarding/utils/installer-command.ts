import { AGENT_BINARY_NAME, AGENT_DOWNLOAD_PATH } from '@brezza/contract';

// Characters a POSIX shell never treats specially: such a word needs no quotes.
const SAFE_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One word for a POSIX shell: as it is when safe, else in single quotes (' written as '\''). */
export function shellQuote(value: string): string {
  if (SAFE_WORD.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export interface InstallerCommandInput {
  /** The product's origin as the browser sees it, e.g. https://brezza.example.com. */
  origin: string;
  token: string;
  serverName: string;
  /** A rack path or id for `--rack`; left out, the command is exactly SPEC §4's. */
  rack?: string;
}

/**
 * SPEC §4 Installer flow: download the installer from the static path, make it executable and
 * run it as root with the token and the name (and `--rack` when a rack was chosen, issue 16).
 * The installer registers with the origin it was downloaded from, so the command stays this
 * short.
 */
export function installerCommand({
  origin,
  token,
  serverName,
  rack,
}: InstallerCommandInput): string {
  const url = shellQuote(`${origin.replace(/\/+$/, '')}${AGENT_DOWNLOAD_PATH}`);
  // A name starting with "-" would read as an option: give it as --option=value.
  const name = serverName.startsWith('-')
    ? `--create-with-server-name=${shellQuote(serverName)}`
    : `--create-with-server-name ${shellQuote(serverName)}`;
  return [
    `curl -fsSL ${url} -o ${AGENT_BINARY_NAME}`,
    `chmod +x ${AGENT_BINARY_NAME}`,
    `sudo ./${AGENT_BINARY_NAME} --create-with-app-token ${shellQuote(token)} ${name}` +
      (rack === undefined ? '' : ` --rack=${shellQuote(rack)}`),
  ].join(' && ');
}
