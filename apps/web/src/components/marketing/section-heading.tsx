import type { ReactNode } from 'react';
import { cx } from '@/components/ui/cx';
import { Reveal } from '@/components/ui/reveal';

/** A public page's section title and its one-paragraph lead, centred or flush left. */
export function SectionHeading({
  id,
  title,
  lead,
  centred = false,
}: {
  id: string;
  title: ReactNode;
  lead: ReactNode;
  centred?: boolean;
}) {
  return (
    <Reveal className={cx('max-w-2xl', centred && 'mx-auto text-center')}>
      <h2 id={id} className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
        {title}
      </h2>
      <p className="mt-4 text-lg text-slate-600">{lead}</p>
    </Reveal>
  );
}
