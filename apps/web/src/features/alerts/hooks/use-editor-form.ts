import { useState } from 'react';

/**
 * An editor's form state; `onEdit` runs on every change (the editors clear the server's last
 * message, which was about the values before).
 */
export function useEditorForm<F extends object>(initial: F, onEdit: () => void) {
  const [form, setForm] = useState<F>(initial);
  const set = <K extends keyof F>(key: K, value: F[K]) => {
    onEdit();
    setForm((current) => ({ ...current, [key]: value }));
  };
  return [form, set] as const;
}
