import type React from "react";

/**
 * The parts of a page that hydrate on their own (island.tsx), each named once with the code the browser loads for
 * it: the forms and the contact modal's content. None of this code is in a page's first scripts; the server
 * renders each from its component (gatsby-ssr.tsx). An island's props are plain values its page already has.
 */
export const ISLANDS = {
  contactModal: () => import(/* webpackChunkName: "contact-modal" */ "../modals/contact-modal"),
  contactForm: () =>
    import(/* webpackChunkName: "contact-form" */ "../forms/contact-form").then((m) => ({ default: m.ContactForm })),
  newsletterForm: () =>
    import(/* webpackChunkName: "newsletter-form" */ "../forms/newsletter-form").then((m) => ({
      default: m.NewsletterForm,
    })),
  webinarForm: () =>
    import(/* webpackChunkName: "webinar-form" */ "../forms/webinar-form").then((m) => ({ default: m.WebinarForm })),
  campaignForm: () =>
    import(/* webpackChunkName: "campaign-form" */ "../forms/campaign-form").then((m) => ({ default: m.CampaignForm })),
  commentForm: () =>
    import(/* webpackChunkName: "comment-form" */ "../forms/comment-form").then((m) => ({ default: m.CommentForm })),
  applicationForm: () =>
    import(/* webpackChunkName: "application-form" */ "../forms/application-form").then((m) => ({
      default: m.ApplicationForm,
    })),
};

export type IslandName = keyof typeof ISLANDS;
type ComponentOf<N extends IslandName> = Awaited<ReturnType<(typeof ISLANDS)[N]>>["default"];
export type IslandProps<N extends IslandName> = React.ComponentProps<ComponentOf<N>>;

/** The islands' components by name, as the server renders them (gatsby-ssr.tsx imports them all). */
export type IslandComponents = { [N in IslandName]: ComponentOf<N> };
