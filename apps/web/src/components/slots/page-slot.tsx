import { createContext, Suspense, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * Places on other features' pages where app/ composes more content (features never import each
 * other): a page renders `<PageSlot name=… />` with what it knows; app/ provides the components.
 * A place's props are its contract; every component given for it receives them.
 */
export interface PageSlotProps {
  /** Below an observability page's charts. `scope`: organisation, datacenter:ID, room:ID, rack:ID or device:ID. */
  observability: { scope: string };
  /** On a pCDU's dashboard tab. */
  equipmentUnit: { unitId: number };
}
export type PageSlotName = keyof PageSlotProps;
export type PageSlotComponents = {
  [K in PageSlotName]?: ComponentType<PageSlotProps[K]>[];
};

const SlotContext = createContext<PageSlotComponents>({});

export function PageSlotProvider({
  slots,
  children,
}: {
  slots: PageSlotComponents;
  children: ReactNode;
}) {
  return <SlotContext.Provider value={slots}>{children}</SlotContext.Provider>;
}

/** Renders what app/ placed here (lazily loaded components show when ready). */
export function PageSlot<K extends PageSlotName>({
  name,
  ...props
}: { name: K } & PageSlotProps[K]) {
  const components = (useContext(SlotContext)[name] ?? []) as ComponentType<PageSlotProps[K]>[];
  return (
    <>
      {components.map((Component, i) => (
        <Suspense key={i} fallback={null}>
          <Component {...(props as unknown as PageSlotProps[K])} />
        </Suspense>
      ))}
    </>
  );
}
