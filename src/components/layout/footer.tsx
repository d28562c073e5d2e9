import React, { useEffect, useId, useRef, useState } from "react";
import { SiteLink } from "../ui/site-link";
import { footerShowsAll, initialFooterCount, nextFooterCount } from "../../lib/footer-list";
import { ChevronDown, Mail, MapPin, Phone, WhatsApp } from "../icons/icons";
import { Island } from "../islands/island";
import { Logo } from "./logo";
import { useDesktop } from "./use-desktop";
import { useSiteData, type SiteData } from "./use-site-data";
import { openConsent } from "../consent/consent-gate";
import * as styles from "./footer.module.css";

/**
 * Footer sections: accordions below 1024 px, always open above (spec §4). The <details> is the toggle only, which
 * the browser opens and closes without script; the body is its sibling, which CSS hides below 1024 px while the
 * <details> is closed and always shows above. (A body inside the <details> could be shown above 1024 px only with
 * `::details-content`, which Firefox ESR 140 lacks: without script its footer was empty.) Script marks the
 * <details> open from 1024 px, so a screen reader hears the section expanded.
 */
function FooterSection({ title, children }: { title: string; children: React.ReactNode }) {
  const desktop = useDesktop();
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <details className={styles.details} open={desktop || undefined}>
        {/* on desktop there is nothing to toggle: the summary leaves the tab order and ignores clicks */}
        <summary
          className={styles.sectionToggle}
          aria-controls={`${id}-body`}
          tabIndex={desktop ? -1 : undefined}
          onClick={(event) => {
            if (desktop) event.preventDefault();
          }}
        >
          <h2 className={styles.sectionTitle} id={`${id}-title`}>
            {title}
          </h2>
          <ChevronDown size={18} className={styles.chevron} />
        </summary>
      </details>
      <div className={styles.sectionBody} id={`${id}-body`}>
        {children}
      </div>
    </section>
  );
}

/**
 * The service list (spec §4): 5, then "Show More" adds 10 at a time until all show, then "Show Less" returns to 8.
 * Every link is in the HTML; the ones not shown yet are hidden, and the button is the summary of a <details> that,
 * without script, reveals them all (open: "Show Less"). Script steps through the spec's counts and keeps the
 * <details> open exactly when all are shown.
 */
function ServiceList({ services }: { services: SiteData["services"] }) {
  const total = services.length;
  const [visible, setVisible] = useState(initialFooterCount(total));
  const more = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    // opened before hydration: all stay shown
    if (more.current?.open) setVisible(total);
  }, [total]);

  return (
    <div className={styles.serviceList}>
      <ul className={styles.links} data-testid="footer-services">
        {services.map((s, i) => (
          <li key={s.path} hidden={i >= visible}>
            <SiteLink to={s.path}>{s.title}</SiteLink>
          </li>
        ))}
      </ul>
      {total > initialFooterCount(total) && (
        <details ref={more} className={styles.moreDetails} open={footerShowsAll(visible, total)}>
          <summary
            className={styles.more}
            onClick={(event) => {
              event.preventDefault();
              setVisible((v) => nextFooterCount(v, total));
            }}
          >
            <span className={styles.whenClosed}>Show More</span>
            <span className={styles.whenOpen}>Show Less</span>
          </summary>
        </details>
      )}
    </div>
  );
}

export function Footer() {
  const { site, menu, services } = useSiteData();
  const companyLinks = menu
    .filter((item) => ["Company", "Blogs", "Pricing"].includes(item.name))
    .flatMap((item) => (item.sub?.length ? item.sub : [item]))
    .filter((link): link is { name: string; path: string } => Boolean(link.path));
  const { corporate, delivery } = site.addresses;
  const phones = [site.phones.salesIndia, site.phones.salesUs, site.phones.jobs];

  return (
    <footer className={styles.footer}>
      <div className={styles.newsletter}>
        <div className={styles.newsletterInner}>
          <div>
            <h2 className={styles.newsletterTitle}>Salesforce insights, once a month</h2>
            <p className={styles.newsletterText}>
              Release notes that matter, practical guides and webinar invitations. No spam; unsubscribe at any time.
            </p>
          </div>
          <Island name="newsletterForm" wake="interaction" />
        </div>
      </div>
      <div className={styles.grid}>
        <div className={styles.brand}>
          <Logo name={site.company.name} inverted />
          <p className={styles.about}>{site.description}</p>
          {[corporate, delivery].map((a) => (
            <address key={a.label} className={styles.address}>
              <MapPin size={18} />
              <span>
                <strong>{a.label}</strong>
                <br />
                {a.street}, {a.city}, {a.region} {a.postalCode}, {a.country}
              </span>
            </address>
          ))}
        </div>
        <FooterSection title="Services">
          <ServiceList services={services} />
        </FooterSection>
        <FooterSection title="Company">
          <ul className={styles.links}>
            {companyLinks.map((link) => (
              <li key={link.path + link.name}>
                <SiteLink to={link.path}>{link.name}</SiteLink>
              </li>
            ))}
            <li>
              <SiteLink to="/contact">Contact</SiteLink>
            </li>
          </ul>
        </FooterSection>
        <FooterSection title="Get in touch">
          <ul className={styles.contact}>
            {phones.map((p) => (
              <li key={p.number}>
                <Phone size={18} />
                <span>
                  {p.label}: <a href={`tel:${p.number}`}>{p.display}</a>
                </span>
              </li>
            ))}
            <li>
              <WhatsApp size={18} />
              <a href={site.messaging.url} rel="noopener" target="_blank">
                {site.messaging.label}: {site.messaging.display}
              </a>
            </li>
            <li>
              <Mail size={18} />
              <span>
                Sales: <a href={`mailto:${site.emails.sales}`}>{site.emails.sales}</a>
              </span>
            </li>
            <li>
              <Mail size={18} />
              <span>
                Jobs: <a href={`mailto:${site.emails.jobs}`}>{site.emails.jobs}</a>
              </span>
            </li>
          </ul>
        </FooterSection>
      </div>
      <div className={styles.bottom}>
        <p>
          © {site.copyrightYear} {site.company.legalName}. All rights reserved.
        </p>
        <p className={styles.legal}>
          <SiteLink to="/privacy-policy">Privacy policy</SiteLink>
          <button type="button" className={styles.settings} onClick={() => void openConsent("settings")}>
            Cookie settings
          </button>
        </p>
      </div>
    </footer>
  );
}
