import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/runtime-config';
import { buttonClassName } from '@/components/ui/button';
import { ExternalLink } from '@/components/ui/external-link';
import { Icon, type IconName } from '@/components/ui/icon';
import { Reveal } from '@/components/ui/reveal';
import { CheckList } from '@/components/marketing/check-list';
import { FeatureCard } from '@/components/marketing/feature-card';
import { SectionHeading } from '@/components/marketing/section-heading';

/** SPEC §1's three feature groups with their points. */
const features: Array<{ icon: IconName; title: string; text: string; points: string[] }> = [
  {
    icon: 'pulse',
    title: 'Real-time monitoring',
    text: 'See every datacenter, room and rack as it is right now.',
    points: [
      'Live infrastructure metrics',
      'Temperature and humidity tracking',
      'Power consumption analytics',
      'Custom alerts and thresholds',
    ],
  },
  {
    icon: 'sparkles',
    title: 'AI optimisation',
    text: 'Let models trained on your own telemetry suggest the next best setting.',
    points: [
      'Predictive maintenance',
      'Cooling optimisation',
      'Energy efficiency recommendations',
      'Thermal modelling',
    ],
  },
  {
    icon: 'chart',
    title: 'Advanced reporting',
    text: 'Turn telemetry into numbers that management and auditors understand.',
    points: [
      'Executive dashboards',
      'Custom report builder',
      'Historical data analysis',
      'Performance benchmarking',
    ],
  },
];

const reasons: Array<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'bolt',
    title: 'High Performance',
    text: 'Metrics arrive within seconds and dashboards stay fast with thousands of servers.',
  },
  {
    icon: 'shield',
    title: 'Reliable & Secure',
    text: 'A 99.9% uptime guarantee, encrypted connections and strict separation between organisations.',
  },
  {
    icon: 'support',
    title: 'Expert Support',
    text: 'Data-center engineers on call 24/7 who know cooling as well as software.',
  },
  {
    icon: 'trend',
    title: 'Proven Results',
    text: 'Operators use the same data to lower cooling energy and catch faults before they spread.',
  },
];

export function FeaturesRoute() {
  const { productName, links } = useAppConfig();
  return (
    <main>
      <section className="relative -mt-16 bg-gradient-to-b from-brand-50 to-white pt-16">
        <Reveal className="mx-auto max-w-3xl px-4 pt-16 pb-12 text-center sm:px-6 sm:pt-20">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            {productName} platform
          </p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-ink sm:text-5xl">
            Platform Features
          </h1>
          <p className="mt-6 text-lg leading-8 text-slate-600">
            Everything you need to monitor and optimise data-center cooling and efficiency with AI,
            in one place.
          </p>
        </Reveal>
      </section>

      <section
        aria-label="Features"
        className="skip-offscreen mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8"
      >
        <div className="grid gap-6 md:grid-cols-3">
          {features.map((feature, index) => (
            <FeatureCard
              key={feature.title}
              icon={feature.icon}
              title={feature.title}
              text={feature.text}
              heading="h2"
              delayMs={index * 100}
            >
              <CheckList
                items={feature.points}
                className="mt-6 space-y-3 border-t border-slate-100 pt-6"
              />
            </FeatureCard>
          ))}
        </div>
      </section>

      <section aria-labelledby="why-choose" className="skip-offscreen bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <SectionHeading
            id="why-choose"
            centred
            title={`Why Choose ${productName}`}
            lead="Built with data-center operators, for the people who keep the floor cool."
          />
          <div className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {reasons.map((reason, index) => (
              <Reveal key={reason.title} delayMs={index * 100}>
                <span className="inline-flex rounded-xl bg-brand-600 p-3 text-white shadow-sm">
                  <Icon name={reason.icon} />
                </span>
                <h3 className="mt-5 text-lg font-semibold text-ink">{reason.title}</h3>
                <p className="mt-2 leading-7 text-slate-600">{reason.text}</p>
              </Reveal>
            ))}
          </div>
          <div className="mt-14 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to={paths.signIn} className={buttonClassName({ size: 'lg' })}>
              Get Started
            </Link>
            <ExternalLink
              href={links.requestDemo}
              className={buttonClassName({ variant: 'secondary', size: 'lg' })}
            >
              Request Demo
            </ExternalLink>
          </div>
        </div>
      </section>
    </main>
  );
}
