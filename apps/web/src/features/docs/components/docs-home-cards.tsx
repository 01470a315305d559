import { Link } from 'react-router';
import { Icon, type IconName } from '@/components/ui/icon';
import { docsHref } from '../utils/docs-pages';

const cards: Array<{ slug: string; icon: IconName; title: string; text: string }> = [
  {
    slug: 'guides',
    icon: 'book',
    title: 'Guides',
    text: 'Deploy your first server step by step: access, sign-in, the installer command, and your first dashboards.',
  },
  {
    slug: 'architecture',
    icon: 'diagram',
    title: 'Architecture',
    text: 'How the web app, the server, the agents, Prometheus, Grafana and Stripe fit together.',
  },
];

/** The docs home's two ways in (SPEC §2). */
export function DocsHomeCards() {
  return (
    <div className="mt-8 grid gap-4 sm:grid-cols-2">
      {cards.map((card) => (
        <Link
          key={card.slug}
          to={docsHref(card.slug)}
          className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-500 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <span className="inline-flex rounded-xl bg-brand-50 p-3 text-brand-600">
            <Icon name={card.icon} />
          </span>
          <span className="mt-4 flex items-center gap-1.5 text-lg font-semibold text-ink group-hover:text-brand-700">
            {card.title}
            <Icon
              name="arrowRight"
              className="h-4 w-4 transition-transform group-hover:translate-x-0.5"
            />
          </span>
          <span className="mt-2 block leading-7 text-slate-600">{card.text}</span>
        </Link>
      ))}
    </div>
  );
}
