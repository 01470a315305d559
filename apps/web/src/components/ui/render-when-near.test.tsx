import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenderWhenNear } from './render-when-near';

/** jsdom has no IntersectionObserver: this one lets the test say when the box comes near. */
class ControlledObserver {
  static instances: ControlledObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback) {
    ControlledObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  comeNear() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }));
    this.callback(entries as unknown as IntersectionObserverEntry[], this as never);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  ControlledObserver.instances = [];
});

describe('RenderWhenNear', () => {
  it('renders at once when eager', () => {
    vi.stubGlobal('IntersectionObserver', ControlledObserver);
    render(
      <RenderWhenNear height={460} eager>
        <p>Rooms</p>
      </RenderWhenNear>,
    );
    expect(screen.getByText('Rooms')).toBeInTheDocument();
    expect(ControlledObserver.instances).toHaveLength(0);
  });

  it('holds the place with a box of the given height until it comes near, then keeps the content', () => {
    vi.stubGlobal('IntersectionObserver', ControlledObserver);
    const { container } = render(
      <RenderWhenNear height={460} eager={false}>
        <p>Rooms</p>
      </RenderWhenNear>,
    );
    expect(screen.queryByText('Rooms')).not.toBeInTheDocument();
    const box = container.firstElementChild as HTMLElement;
    expect(box.style.height).toBe('460px');
    expect(box).toHaveAttribute('aria-hidden', 'true');

    const [observer] = ControlledObserver.instances;
    act(() => observer!.comeNear());
    expect(screen.getByText('Rooms')).toBeInTheDocument();
    expect(observer!.disconnected).toBe(true);
  });

  it('renders at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <RenderWhenNear height={460} eager={false}>
        <p>Rooms</p>
      </RenderWhenNear>,
    );
    expect(screen.getByText('Rooms')).toBeInTheDocument();
  });
});
