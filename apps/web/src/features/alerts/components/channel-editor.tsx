import { useState } from 'react';
import {
  SEVERITIES,
  SEVERITY_LABELS,
  WEBHOOK_SIGNATURE_HEADER,
  type NotificationChannel,
} from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import type { Hierarchy } from '../api/get-scopes';
import { useSaveChannel } from '../api/channels';
import {
  EMPTY_CHANNEL,
  channelBody,
  channelFieldOf,
  channelForm,
  type ChannelForm,
} from '../utils/rule-form';
import { useEditorForm } from '../hooks/use-editor-form';
import { EditorDialog, NameField } from './editor-dialog';
import { FieldError } from './field-error';
import { ScopePicker } from './scope-picker';

/** A new webhook's signing secret: shown this once, never again. */
function SecretShownOnce({ secret, onDone }: { secret: string; onDone(): void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="grid gap-3">
      <Alert tone="info">
        Copy the signing secret now: it is not shown again. Each call carries{' '}
        <code className="font-mono">{WEBHOOK_SIGNATURE_HEADER}: sha256=…</code>, the HMAC-SHA256 of
        the body with this secret.
      </Alert>
      <code
        data-secret
        className="block rounded-lg bg-slate-900 px-3 py-2 font-mono text-sm break-all text-white"
      >
        {secret}
      </code>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="secondary"
          onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true))}
        >
          {copied ? 'Copied' : 'Copy secret'}
        </Button>
        <Button onClick={onDone} data-autofocus>
          Done
        </Button>
      </div>
    </div>
  );
}

/** Adds or changes a notification channel (admins): where alerts go, and which ones. */
export function ChannelEditor({
  channel,
  hierarchy,
  onClose,
}: {
  channel: NotificationChannel | null;
  hierarchy: Hierarchy | undefined;
  onClose(): void;
}) {
  const save = useSaveChannel();
  const [form, set] = useEditorForm<ChannelForm>(
    channel ? channelForm(channel) : EMPTY_CHANNEL,
    save.reset,
  );
  const [secret, setSecret] = useState<string | null>(null);
  const message = save.error?.message;
  const field = message ? channelFieldOf(message) : null;
  const submit = () =>
    save.mutate(
      { id: channel?.id ?? null, body: channelBody(form) },
      {
        onSuccess: (saved) => {
          if (saved.secret) setSecret(saved.secret);
          else onClose();
        },
      },
    );

  if (secret) {
    return (
      <Dialog title={`Webhook “${form.name}” added`} onClose={onClose}>
        <SecretShownOnce secret={secret} onDone={onClose} />
      </Dialog>
    );
  }
  return (
    <EditorDialog
      title={channel ? `Edit “${channel.name}”` : 'New notification channel'}
      onClose={onClose}
      busy={save.isPending}
      onSubmit={submit}
      submitLabel={channel ? 'Save channel' : 'Add channel'}
      formError={field === 'form' ? message : undefined}
    >
      <NameField
        value={form.name}
        onChange={(name) => set('name', name)}
        placeholder="Night shift"
        error={field === 'name' ? message : undefined}
      />
      <SelectField
        label="Kind"
        value={form.kind}
        disabled={channel !== null}
        onChange={(e) => set('kind', e.target.value as ChannelForm['kind'])}
        options={[
          { value: 'email', label: 'E-mail' },
          { value: 'webhook', label: 'Webhook (signed)' },
        ]}
      />
      <div>
        <TextField
          label={form.kind === 'email' ? 'E-mail addresses' : 'Webhook URL'}
          hint={
            form.kind === 'email'
              ? 'Separate several addresses with commas.'
              : 'Called with a POST of the alert as JSON, signed with a secret shown once.'
          }
          type={form.kind === 'email' ? 'text' : 'url'}
          inputMode={form.kind === 'email' ? 'email' : 'url'}
          autoCapitalize="none"
          spellCheck={false}
          value={form.target}
          onChange={(e) => set('target', e.target.value)}
          placeholder={form.kind === 'email' ? 'ops@example.com, oncall@example.com' : 'https://'}
          aria-invalid={field === 'target'}
        />
        <FieldError message={field === 'target' ? message : undefined} className="mt-1" />
      </div>
      <SelectField
        label="Sends"
        value={form.minSeverity}
        onChange={(e) => set('minSeverity', e.target.value as ChannelForm['minSeverity'])}
        options={SEVERITIES.map((s) => ({
          value: s,
          label: s === 'warning' ? 'Warning and critical alerts' : 'Critical alerts only',
        }))}
      />
      <ScopePicker
        label="For alerts of"
        value={form.scope}
        onChange={(scope) => set('scope', scope)}
        hierarchy={hierarchy}
        error={field === 'scope' ? message : undefined}
      />
    </EditorDialog>
  );
}

export const severityRouting = (channel: NotificationChannel) =>
  channel.minSeverity === 'warning' ? 'Warning and critical' : `${SEVERITY_LABELS.critical} only`;
