import React from "react";
import { renderToString } from "react-dom/server";
import { ApplicationForm } from "../forms/application-form";
import { CampaignForm } from "../forms/campaign-form";
import { CommentForm } from "../forms/comment-form";
import { ContactForm } from "../forms/contact-form";
import { NewsletterForm } from "../forms/newsletter-form";
import { WebinarForm } from "../forms/webinar-form";
import ContactModal from "../modals/contact-modal";
import { IslandRoot, type RenderIsland } from "./island";
import type { IslandComponents } from "./islands";

/** Every island's component: only the server's renderer imports this file (gatsby-ssr.tsx). */
const COMPONENTS: IslandComponents = {
  contactModal: ContactModal,
  contactForm: ContactForm,
  newsletterForm: NewsletterForm,
  webinarForm: WebinarForm,
  campaignForm: CampaignForm,
  commentForm: CommentForm,
  applicationForm: ApplicationForm,
};

/** An island's HTML, as the root the browser hydrates when it wakes (island.tsx), inside the page's rendering. */
export const renderIsland: RenderIsland = (name, props, queries, identifierPrefix) => {
  const Component = COMPONENTS[name] as React.ComponentType<object>;
  return renderToString(
    <IslandRoot queries={queries}>
      <Component {...props} />
    </IslandRoot>,
    { identifierPrefix },
  );
};
