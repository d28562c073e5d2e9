import React, { useId, useState } from "react";
import { Link } from "gatsby";
import { footerButtonLabel, initialFooterCount, nextFooterCount } from "../../lib/footer-list";
import { ChevronDown, Mail, MapPin, Phone, WhatsApp } from "../icons/icons";
import { NewsletterForm } from "../forms/newsletter-form";
import { Logo } from "./logo";
import { useDesktop } from "./use-desktop";
import { useSiteData, type SiteData } from "./use-site-data";
import { openConsent } from "../consent/consent";
import * as styles from "./footer.module.css";

/** Footer sections: accordions below 1024 px, always open above (spec §4). */
function FooterSection({ title, children }: { title: string; children: React.ReactNode }) {
  const desktop = useDesktop();
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  const open = desktop || expanded;
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 className={styles.sectionTitle} id={`${id}-title`}>
        <button
          type="button"
          className={styles.sectionToggle}
          aria-expanded={open}
          aria-controls={id}
          disabled={desktop}
          onClick={() => setExpanded((e) => !e)}
        >
          {title}
          <ChevronDown size={18} className={styles.chevron} />
        </button>
      </h2>
      <div id={id} className={styles.sectionBody} data-open={open ? "true" : "false"}>
        {children}
      </div>
    </section>
  );
}

function ServiceList({ services }: { services: SiteData["services"] }) {
  const [visible, setVisible] = useState(initialFooterCount(services.length));
  return (
    <>
      <ul className={styles.links} data-testid="footer-services">
        {services.slice(0, visible).map((s) => (
          <li key={s.path}>
            <Link to={s.path}>{s.title}</Link>
          </li>
        ))}
      </ul>
      {services.length > initialFooterCount(services.length) && (
        <button
          type="button"
          className={styles.more}
          onClick={() => setVisible((v) => nextFooterCount(v, services.length))}
        >
          {footerButtonLabel(visible, services.length)}
        </button>
      )}
    </>
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
          <NewsletterForm />
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
                <Link to={link.path}>{link.name}</Link>
              </li>
            ))}
            <li>
              <Link to="/contact">Contact</Link>
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
          <Link to="/privacy-policy">Privacy policy</Link>
          <button type="button" className={styles.settings} onClick={() => void openConsent("settings")}>
            Cookie settings
          </button>
        </p>
      </div>
    </footer>
  );
}
