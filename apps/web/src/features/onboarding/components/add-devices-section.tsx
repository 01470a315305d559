import { memo, useId, useState, type FormEvent } from 'react';
import { agentServerNameSchema, APP_TOKEN_TTL_HOURS } from '@brezza/contract';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { useCreateToken } from '../api/create-token';
import { installerCommand } from '../utils/installer-command';
import { randomServerName } from '../utils/random-name';
import { CommandBox } from './command-box';

export const ADD_DEVICES_TITLE = 'Add Devices';

/** A rack the installer can place the server in: `value` is what `--rack` gets. */
export interface RackOption {
  value: string;
  label: string;
}

/** The first message the server's own rules give for this name, or null when it is fine. */
function nameError(name: string): string | null {
  const result = agentServerNameSchema.safeParse(name);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid name.');
}

/**
 * SPEC §4 Installer flow: a server name (random by default, a dice for another), a token from
 * `POST /api/tokens`, and the command that installs the agent with both. A failed request only
 * logs and clears the token and command (SPEC §8). `racks`, when given, offers an optional
 * rack the command places the server in (issue 16). Memoised: the Devices page renders it again
 * only when its rack options change, not on every change of the servers list.
 */
export const AddDevicesSection = memo(function AddDevicesSection({
  racks = [],
}: {
  racks?: RackOption[];
}) {
  const headingId = useId();
  const inputId = useId();
  const rackId = useId();
  const [rack, setRack] = useState('');
  const errorId = useId();
  const [name, setName] = useState(() => randomServerName());
  const [showError, setShowError] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const createToken = useCreateToken();

  const error = nameError(name);
  const command =
    token && !error
      ? installerCommand({
          origin: window.location.origin,
          token,
          serverName: name.trim(),
          ...(rack === '' ? {} : { rack }),
        })
      : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setShowError(true);
    if (error) return;
    createToken.mutate(undefined, {
      onSuccess: (created) => setToken(created.token),
      onError: (failure) => {
        setToken(null);
        console.warn('Failed to create an installer token:', failure.message);
      },
    });
  }

  return (
    <Card className="p-5 sm:p-6" aria-labelledby={headingId} role="region">
      <div className="flex items-start gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon name="terminal" className="h-5 w-5" />
        </span>
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-ink">
            {ADD_DEVICES_TITLE}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Name the server, generate the installer command and run it on that Linux server. It
            installs the telemetry client, which registers the server here and starts sending its
            metrics.
          </p>
        </div>
      </div>

      <form className="mt-5 flex flex-col gap-1.5" noValidate onSubmit={onSubmit}>
        <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
          Server name
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="flex flex-1 gap-2">
            <input
              id={inputId}
              name="serverName"
              required
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={showError && error !== null}
              aria-describedby={showError && error ? errorId : undefined}
              autoComplete="off"
              spellCheck={false}
              className={
                'block w-full min-w-0 rounded-lg border bg-white px-3 py-2.5 font-mono text-sm text-ink shadow-sm ' +
                'focus:ring-2 focus:outline-none ' +
                (showError && error
                  ? 'border-red-400 focus:border-red-500 focus:ring-red-500/30'
                  : 'border-slate-300 focus:border-brand-500 focus:ring-brand-500/30')
              }
            />
            <Button
              variant="secondary"
              aria-label="Generate a random name"
              title="Generate a random name"
              onClick={() => setName(randomServerName())}
              className="px-3"
            >
              <Icon name="dice" className="h-5 w-5" />
            </Button>
          </div>
          <Button type="submit" disabled={createToken.isPending} className="whitespace-nowrap">
            {createToken.isPending ? 'Generating...' : 'Generate installer command'}
          </Button>
        </div>
        {showError && error && (
          <p id={errorId} role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
        {racks.length > 0 && (
          <div className="mt-3 flex flex-col gap-1.5 sm:max-w-md">
            <label htmlFor={rackId} className="text-sm font-medium text-slate-700">
              Rack <span className="font-normal text-slate-500">(optional)</span>
            </label>
            <select
              id={rackId}
              value={rack}
              onChange={(event) => setRack(event.target.value)}
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-ink shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
            >
              <option value="">None: the server joins 'Unassigned'</option>
              {racks.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        )}
      </form>

      {command && (
        <div className="mt-5 flex flex-col gap-2">
          <CommandBox command={command} />
          <p className="text-xs leading-relaxed text-slate-500">
            Paste it into a shell on the server (Linux x86-64 with systemd; sudo asks for your
            password). The command is for one server; unused, it stops working after{' '}
            {APP_TOKEN_TTL_HOURS} hours. The server appears in the list above once it has
            registered: reload the page to see it.
          </p>
        </div>
      )}
    </Card>
  );
});
