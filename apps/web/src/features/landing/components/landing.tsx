import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/runtime-config';
import { buttonClassName } from '@/components/ui/button';
import { ExternalLink } from '@/components/ui/external-link';
import { Icon, type IconName } from '@/components/ui/icon';
import { Reveal } from '@/components/ui/reveal';
import { FeatureCard } from '@/components/marketing/feature-card';
import { SectionHeading } from '@/components/marketing/section-heading';
import { HeroPreview } from './hero-preview';

const featureGroups: Array<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'pulse',
    title: 'Real-time monitoring',
    text: 'Live metrics, temperature and humidity, power analytics and custom alerts for every datacenter, room and rack.',
  },
  {
    icon: 'sparkles',
    title: 'AI optimisation',
    text: 'Predictive maintenance, cooling and energy optimisation, and thermal modelling that learns how your floor behaves.',
  },
  {
    icon: 'chart',
    title: 'Advanced reporting',
    text: 'Executive dashboards, a custom report builder, full history and benchmarking across sites.',
  },
];

const facts = [
  { value: '99.9%', label: 'uptime guarantee' },
  { value: '24/7', label: 'expert support' },
  { value: '23+', label: 'sensor metrics per pCDU' },
  { value: '2 s', label: 'live refresh on the pCDU touchscreen' },
];

const steps: Array<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'terminal',
    title: 'Install the agent',
    text: 'Generate an installer command in Devices and run it on each server. It appears in your inventory within seconds.',
  },
  {
    icon: 'layers',
    title: 'Organise your floor',
    text: 'Place servers in datacenters, rooms and racks, so every metric carries the location it came from.',
  },
  {
    icon: 'trend',
    title: 'Optimise with AI',
    text: 'Open the observability dashboards and the AI toolkit to act on trends before they become incidents.',
  },
];

function Hero({ productName, learnMoreUrl }: { productName: string; learnMoreUrl: string }) {
  return (
    <section className="relative -mt-16 overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white pt-16">
      <div className="absolute inset-x-0 top-0 -z-0 h-[36rem] bg-[radial-gradient(ellipse_at_top_right,var(--color-brand-100),transparent_60%)]" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2 lg:px-8">
        <Reveal>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm">
            <span className="h-1.5 w-1.5 rounded-full bg-brand-600" />
            AI for data-center cooling and efficiency
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-ink sm:text-5xl lg:text-6xl">
            Optimize your Data Center with {productName} AI
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600">
            {productName} monitors your cooling and power infrastructure in real time and uses AI to
            keep every room and rack running at maximum efficiency and performance.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={paths.signIn} className={buttonClassName({ size: 'lg' })}>
              Get Started
            </Link>
            <ExternalLink
              href={learnMoreUrl}
              className={buttonClassName({ variant: 'secondary', size: 'lg' })}
            >
              Learn More
            </ExternalLink>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
            <li className="flex items-center gap-2">
              <Icon name="check" className="h-5 w-5 text-brand-600" />
              99.9% uptime guarantee
            </li>
            <li className="flex items-center gap-2">
              <Icon name="check" className="h-5 w-5 text-brand-600" />
              24/7 support
            </li>
          </ul>
        </Reveal>
        <Reveal delayMs={150} className="hidden sm:block">
          <HeroPreview />
        </Reveal>
      </div>
    </section>
  );
}

function FeatureGroups({ productName }: { productName: string }) {
  return (
    <section
      aria-labelledby="feature-groups"
      className="skip-offscreen mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8"
    >
      <SectionHeading
        id="feature-groups"
        centred
        title="One platform for the whole cooling chain"
        lead={`From the facility water loop to the last server, ${productName} shows what is happening now and what to change next.`}
      />
      <div className="mt-12 grid gap-6 md:grid-cols-3">
        {featureGroups.map((group, index) => (
          <FeatureCard
            key={group.title}
            icon={group.icon}
            title={group.title}
            text={group.text}
            heading="h3"
            delayMs={index * 100}
          />
        ))}
      </div>
      <p className="mt-10 text-center">
        <Link
          to={paths.features}
          className="inline-flex items-center gap-1.5 rounded font-semibold text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Explore all platform features
          <Icon name="arrowRight" className="h-4 w-4" />
        </Link>
      </p>
    </section>
  );
}

function Facts() {
  return (
    <section aria-label="At a glance" className="skip-offscreen bg-brand-900">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-14 sm:px-6 md:grid-cols-4 lg:px-8">
        {facts.map((fact) => (
          <Reveal key={fact.label} className="text-center">
            <dt className="sr-only">{fact.label}</dt>
            <dd className="text-4xl font-bold tracking-tight text-white">{fact.value}</dd>
            <dd className="mt-1 text-sm text-brand-100">{fact.label}</dd>
          </Reveal>
        ))}
      </dl>
    </section>
  );
}

function Steps() {
  return (
    <section
      aria-labelledby="how-it-works"
      className="skip-offscreen mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8"
    >
      <SectionHeading
        id="how-it-works"
        title="Up and running in minutes"
        lead="No appliances to rack and no agents to compile: one command per server, and your floor plan in a few clicks."
      />
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title}>
            <Reveal delayMs={index * 100} className="h-full">
              <div className="flex h-full flex-col rounded-2xl bg-slate-50 p-6">
                <div className="flex items-center gap-3">
                  <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
                    {index + 1}
                  </span>
                  <Icon name={step.icon} className="h-6 w-6 text-brand-600" />
                </div>
                <h3 className="mt-5 text-lg font-semibold text-ink">{step.title}</h3>
                <p className="mt-2 leading-7 text-slate-600">{step.text}</p>
              </div>
            </Reveal>
          </li>
        ))}
      </ol>
      <p className="mt-10">
        <Link
          to={`${paths.docs}/guides`}
          className="inline-flex items-center gap-1.5 rounded font-semibold text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Read the deployment guide
          <Icon name="arrowRight" className="h-4 w-4" />
        </Link>
      </p>
    </section>
  );
}

function ClosingCall({
  productName,
  requestDemoUrl,
}: {
  productName: string;
  requestDemoUrl: string;
}) {
  return (
    <section className="skip-offscreen px-4 pb-20 sm:px-6 lg:px-8">
      <Reveal className="mx-auto max-w-7xl">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 to-brand-900 px-6 py-14 text-center sm:px-12">
          <h2 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
            See {productName} on your own floor
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">
            Our engineers walk you through live monitoring and AI optimisation with your racks in
            mind.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ExternalLink
              href={requestDemoUrl}
              className={buttonClassName({ variant: 'inverse', size: 'lg' })}
            >
              Request Demo
            </ExternalLink>
            <Link
              to={paths.features}
              className={buttonClassName({
                variant: 'ghost',
                size: 'lg',
                className: 'text-white hover:bg-white/10 hover:text-white',
              })}
            >
              Platform Features
            </Link>
          </div>
        </div>
      </Reveal>
    </section>
  );
}

/** The signed-out landing (SPEC §2 Home), also the page shown after signing out. */
export function Landing() {
  const { productName, links } = useAppConfig();
  return (
    <main>
      <Hero productName={productName} learnMoreUrl={links.learnMore} />
      <FeatureGroups productName={productName} />
      <Facts />
      <Steps />
      <ClosingCall productName={productName} requestDemoUrl={links.requestDemo} />
    </main>
  );
}
