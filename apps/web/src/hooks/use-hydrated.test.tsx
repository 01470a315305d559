import { act, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoot } from 'react-dom/client';
import { useHydrated } from './use-hydrated';

const firstRenders: boolean[] = [];

function Later() {
  const hydrated = useHydrated();
  const [first] = useState(hydrated);
  firstRenders.push(first);
  return <span>later</span>;
}

function Page({ withLater }: { withLater: boolean }) {
  const hydrated = useHydrated();
  return (
    <div>
      <button type="button" disabled={!hydrated}>
        Sign in
      </button>
      {withLater && <Later />}
    </div>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('useHydrated', () => {
  it('is false in the server markup and while hydrating, true once hydrated, and true at once for later mounts', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page withLater={false} />);
    document.body.append(container);
    expect(container.querySelector('button')!.disabled).toBe(true);

    const root = await act(async () => hydrateRoot(container, <Page withLater={false} />));
    expect(container.querySelector('button')!.disabled).toBe(false);

    await act(async () => root.render(<Page withLater />));
    expect(firstRenders).toEqual([true]);
    await act(async () => root.unmount());
  });

  it('is true from the first render of a page the browser renders itself', async () => {
    vi.resetModules();
    const fresh = await import('./use-hydrated');
    const seen: boolean[] = [];
    function Control() {
      seen.push(fresh.useHydrated());
      return null;
    }
    fresh.renderingWithoutHydration();
    const root = createRoot(document.body.appendChild(document.createElement('div')));
    await act(async () => root.render(<Control />));
    expect(seen[0]).toBe(true);
    await act(async () => root.unmount());
  });
});
