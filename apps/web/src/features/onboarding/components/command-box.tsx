import { useEffect, useRef, useState } from 'react';
import { Icon } from '@/components/ui/icon';
import { copyText } from '../utils/copy-text';

const FEEDBACK_MS = 2000;

/** The installer command in a terminal-like box, with a copy button that says when it copied. */
export function CommandBox({ command }: { command: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A new command has not been copied yet.
  useEffect(() => setState('idle'), [command]);

  async function onCopy() {
    clearTimeout(timer.current);
    try {
      await copyText(command);
      setState('copied');
    } catch (failure) {
      console.warn('Could not copy the installer command:', failure);
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), FEEDBACK_MS);
  }

  return (
    <div className="overflow-hidden rounded-xl bg-slate-900 shadow-inner">
      <div className="flex items-center justify-between gap-2 border-b border-white/10 px-3 py-1.5">
        <span className="text-xs font-medium text-slate-400">Installer command</span>
        <div className="flex items-center gap-2">
          <span aria-live="polite" className="text-xs font-semibold text-emerald-300">
            {state === 'copied'
              ? 'Copied'
              : state === 'failed'
                ? 'Copy failed: select the text'
                : ''}
          </span>
          <button
            type="button"
            onClick={onCopy}
            aria-label="Copy command"
            title="Copy command"
            className={
              'rounded-md p-1.5 text-slate-300 transition-colors hover:bg-white/10 hover:text-white ' +
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400'
            }
          >
            <Icon name={state === 'copied' ? 'check' : 'copy'} className="h-4 w-4" />
          </button>
        </div>
      </div>
      <pre className="overflow-x-auto px-4 py-3 text-sm leading-relaxed text-slate-100">
        <code data-testid="installer-command" className="font-mono break-all whitespace-pre-wrap">
          {command}
        </code>
      </pre>
    </div>
  );
}
