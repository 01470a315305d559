/**
 * Exit codes the installer and the service end with. The systemd unit does not restart the
 * service after USAGE, TOKEN_REJECTED or CONFIG: retrying cannot help until a person acts.
 */
export const EXIT = {
  OK: 0,
  FAILURE: 1,
  USAGE: 2,
  NOT_ROOT: 3,
  NO_SYSTEMD: 4,
  UNREACHABLE: 5,
  TOKEN_REJECTED: 6,
  SERVICE_FAILED: 7,
  CONFIG: 8,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure with a message for the person at the terminal (or in the journal) and an exit code. */
export class AgentError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
    this.name = 'AgentError';
  }
}
