import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Icon, type IconName } from '@/components/ui/icon';
import { Reveal } from '@/components/ui/reveal';

/**
 * One feature group on a public page: its icon, title and sentence, then whatever the page adds
 * (the list of points). The heading's level follows the page's outline.
 */
export function FeatureCard({
  icon,
  title,
  text,
  heading: Heading,
  delayMs,
  children,
}: {
  icon: IconName;
  title: string;
  text: string;
  heading: 'h2' | 'h3';
  delayMs: number;
  children?: ReactNode;
}) {
  return (
    <Reveal delayMs={delayMs} className="h-full">
      <Card className="flex h-full flex-col p-6 transition-shadow hover:shadow-md sm:p-8">
        <span className="inline-flex self-start rounded-xl bg-brand-50 p-3 text-brand-600">
          <Icon name={icon} />
        </span>
        <Heading className="mt-5 text-lg font-semibold text-ink">{title}</Heading>
        <p className="mt-2 leading-7 text-slate-600">{text}</p>
        {children}
      </Card>
    </Reveal>
  );
}
