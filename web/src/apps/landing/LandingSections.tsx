/** Blocks shared by the landings: hero, facts (the claims of spec core §1/§9), deal steps, FAQ and bullet points. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { SiteTexts } from './texts';

export function Hero({
  title,
  lead,
  cta,
  to,
  children,
}: {
  title: string;
  lead: string;
  cta: string;
  to: string;
  children?: ReactNode;
}) {
  return (
    <section className="site-hero">
      <div className="site-container">
        <h1>{title}</h1>
        <p className="site-lead">{lead}</p>
        <div className="site-actions">
          <Link className="site-button" to={to}>
            {cta}
          </Link>
          {children}
        </div>
      </div>
    </section>
  );
}

export function Facts({ t }: { t: SiteTexts }) {
  return (
    <section className="site-section" aria-label={t.facts.map((f) => f.title).join(', ')}>
      <ul className="site-container site-grid site-facts">
        {t.facts.map((f) => (
          <li key={f.title} className="site-card">
            <h2>{f.title}</h2>
            <p>{f.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Points({ items }: { items: readonly string[] }) {
  return (
    <section className="site-section">
      <ul className="site-container site-grid site-facts">
        {items.map((p) => (
          <li key={p} className="site-card">
            <p>{p}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Steps({ t }: { t: SiteTexts }) {
  return (
    <section className="site-section site-section--alt">
      <div className="site-container">
        <h2>{t.steps.title}</h2>
        <ol className="site-steps">
          {t.steps.items.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export function Faq({ t }: { t: SiteTexts }) {
  return (
    <section className="site-section">
      <div className="site-container">
        <h2>{t.faq.title}</h2>
        {t.faq.items.map((item) => (
          <details key={item.q} className="site-faq">
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
